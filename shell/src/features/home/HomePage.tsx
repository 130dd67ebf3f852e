import { Link } from 'react-router-dom';
import { useAuthStore } from 'shared-api';
import { visibleGroups } from '../navigation/nav-model';
import { Slot } from '../../remotes';

/**
 * Home (spec 000 §2.2, issue 27): greets the member by name, then the blocks the domain apps offer in the 'home' slot
 * (docs/releases.md: next booking, waitlists, medical certificate, pending payments and, to the staff, today's sessions
 * and the certificates to approve); each block loads on its own. A block the user may not see is not rendered, so
 * never requested. The sections they can open stay one click away.
 */
export function HomePage() {
  const user = useAuthStore((s) => s.user);
  const permissions = useAuthStore((s) => s.permissions);
  const groups = visibleGroups(permissions);
  return (
    <div className="shell-page shell-home">
      <section className="shell-home__hero">
        <h1 className="shell-home__title">Ciao {user?.name}!</h1>
        <p className="shell-home__text">
          Benvenuto nel portale del Circolo Tennistavolo: da qui accedi alle risorse dell'associazione, dai tuoi dati alle prenotazioni dei turni di
          allenamento.
        </p>
      </section>
      <div className="shell-home__blocks">
        <Slot name="home" props={{}} />
      </div>
      <ul className="shell-home__grid" aria-label="Sezioni del portale">
        {groups.map((group) => (
          <li key={group.id} className="shell-home__card">
            <h2 className="shell-home__card-title">{group.label}</h2>
            <ul className="shell-home__links">
              {group.links.map((link) => (
                <li key={link.path}>
                  <Link to={link.path}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
