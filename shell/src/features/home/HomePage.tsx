import { Link } from 'react-router-dom';
import { holdsAny, useAuthStore } from 'shared-api';
import { visibleGroups } from '../navigation/nav-model';
import { CertificateBlock, PaymentsBlock } from './AccountBlocks';
import { NextBookingBlock, WaitlistBlock } from './BookingBlocks';
import { RuleBlock } from './RuleBlock';
import { CertificatesAwaitingBlock, TodaySessionsBlock } from './StaffBlocks';

/**
 * Home (spec 000 §2.2, issue 27): greets the member by name, shows what they need first (next booking, waitlists,
 * medical certificate, pending payments) and, to the staff, today's sessions and the certificates to approve; each
 * block loads on its own. A block the user may not see is not rendered, so never requested. The sections they can
 * open stay one click away.
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
        <NextBookingBlock />
        <WaitlistBlock />
        <CertificateBlock />
        <PaymentsBlock />
        {holdsAny(permissions, ['book_session']) && <RuleBlock />}
        {holdsAny(permissions, ['bookings_access']) && <TodaySessionsBlock />}
        {holdsAny(permissions, ['certificates_access']) && <CertificatesAwaitingBlock />}
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
