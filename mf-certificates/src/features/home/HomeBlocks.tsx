import { Link } from 'react-router-dom';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, fetchMe, type Certificate, type ListResponse, type MedicalStatus } from 'shared-api';
import { formatDate, HomeBlock, HomeList, HomeMoreLink, homeListHidden } from 'shared-ui';

/** GET /user/me under the shell's own key: the block reads the profile the session already holds. */
const meQuery = () => queryOptions({ queryKey: ['user', 'me'], queryFn: fetchMe });

/**
 * GET /certificate (certificates staff), every row: the list has no state filter, the block keeps those awaiting
 * approval (the latest upload not yet approved).
 */
export const certificatesAwaitingQuery = () =>
  queryOptions({
    queryKey: ['certificate', 'awaiting-approval'],
    queryFn: async () => {
      const list = await api.get<ListResponse<Certificate>>('/certificate', { limit: 0, sortBy: 'is_approved', order: 'asc' });
      return list.data.filter((c) => c.status === 'not_approved');
    },
  });

const MEDICAL_STATE: Record<MedicalStatus, string> = {
  approved: 'Valido',
  not_approved: 'In attesa di approvazione',
  expired: 'Scaduto',
  not_uploaded: 'Non caricato',
};

/** 'Certificato medico': its state and expiry, from the profile the session already reads. */
export function CertificateBlock() {
  const query = useQuery(meQuery());
  return (
    <HomeBlock
      title="Certificato medico"
      query={query}
      failure="Impossibile caricare lo stato del certificato."
      footer={<Link to="/user/profile">I miei dati</Link>}
    >
      {(me) => (
        <>
          <p>
            Stato: <strong>{MEDICAL_STATE[me.medical_certificate_status]}</strong>
          </p>
          {me.medical_certificate_expiration_date && <p>Scadenza: {formatDate(me.medical_certificate_expiration_date)}</p>}
        </>
      )}
    </HomeBlock>
  );
}

/** The certificates page, where every upload awaiting approval is listed. */
export const CERTIFICATES_PAGE = '/certificates/management';

/**
 * 'Certificati da approvare' (certificates staff): the first HOME_LIST_LIMIT uploads awaiting approval, and the link
 * to the certificates page with the count of the others (issue 44 item 10: the block keeps its height).
 */
export function CertificatesAwaitingBlock() {
  const query = useQuery(certificatesAwaitingQuery());
  return (
    <HomeBlock
      title="Certificati da approvare"
      query={query}
      failure="Impossibile caricare i certificati."
      footer={(awaiting) => (
        <HomeMoreLink
          to={CERTIFICATES_PAGE}
          label="Gestione certificati"
          hidden={homeListHidden(awaiting)}
          others={(n) => (n === 1 ? '+ 1 altro certificato da approvare' : `+ altri ${n} certificati da approvare`)}
        />
      )}
    >
      {(awaiting) =>
        awaiting.length === 0 ? (
          <p>Nessun certificato da approvare.</p>
        ) : (
          <HomeList items={awaiting} itemKey={(c) => c._id}>
            {(c) => `${c.user.surname} ${c.user.name} · ${c.type.name}`}
          </HomeList>
        )
      }
    </HomeBlock>
  );
}
