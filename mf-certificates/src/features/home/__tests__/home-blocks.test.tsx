import { screen } from '@testing-library/react';
import type { Certificate, Profile, SessionUser } from 'shared-api';
import { listAnswer } from 'shared-ui/testing/api';
import { expectHomeList, homeBlock as block, renderSlot, slotUser } from 'shared-ui/testing/slot';
import home from '../../../exposes/home';

const user = (permissions: string[] = []) => slotUser({ permissions: permissions as SessionUser['permissions'] });
const me = (overrides: Partial<Profile>) => ({
  body: { ...user(), medical_certificate_status: 'approved', medical_certificate_expiration_date: '2027-03-31', ...overrides },
});

const certificate = (id: string, surname: string, status: Certificate['status']): Certificate =>
  ({
    _id: id,
    user: { _id: `u-${id}`, name: 'Anna', surname, fiscal_code: null },
    type: { _id: 'ty', name: 'Medico agonistico', is_medical: true },
    status,
  }) as Certificate;

test("a member sees their medical certificate's state and expiry; no staff block is asked for", async () => {
  const { server } = renderSlot(home, {}, { user: user(['book_session']), api: { 'GET /user/me': me({}) } });
  const medical = await block('Certificato medico');
  expect(await medical.findByText('Valido')).toBeInTheDocument();
  expect(medical.getByText('Scadenza: 31/03/2027')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Certificati da approvare' })).not.toBeInTheDocument();
  expect(server.callsTo('GET /certificate')).toHaveLength(0);
});

test('a certificate not uploaded says so, without an expiry', async () => {
  renderSlot(
    home,
    {},
    { user: user(), api: { 'GET /user/me': me({ medical_certificate_status: 'not_uploaded', medical_certificate_expiration_date: null }) } },
  );
  const medical = await block('Certificato medico');
  expect(await medical.findByText('Non caricato')).toBeInTheDocument();
  expect(medical.queryByText(/Scadenza/)).not.toBeInTheDocument();
});

test('certificates staff also see the uploads awaiting approval, and only those', async () => {
  renderSlot(
    home,
    {},
    {
      user: user(['certificates_access']),
      api: {
        'GET /user/me': me({}),
        'GET /certificate': listAnswer([
          certificate('c1', 'Verdi', 'not_approved'),
          certificate('c2', 'Neri', 'valid'),
          certificate('c3', 'Gialli', 'missing'),
        ]),
      },
    },
  );
  const awaiting = await block('Certificati da approvare');
  expect(await awaiting.findByText('Verdi Anna · Medico agonistico')).toBeInTheDocument();
  expect(awaiting.queryByText(/Neri|Gialli/)).not.toBeInTheDocument();
});

test('with none awaiting the staff block says so', async () => {
  renderSlot(home, {}, { user: user(['certificates_access']), api: { 'GET /user/me': me({}), 'GET /certificate': listAnswer([]) } });
  expect(await (await block('Certificati da approvare')).findByText('Nessun certificato da approvare.')).toBeInTheDocument();
});

test('the staff block lists three uploads awaiting approval and links the certificates page with the count of the others (issue 44 item 10)', async () => {
  const surnames = ['Verdi', 'Neri', 'Gialli', 'Blu', 'Rosa', 'Viola'];
  renderSlot(
    home,
    {},
    {
      user: user(['certificates_access']),
      api: {
        'GET /user/me': me({}),
        'GET /certificate': listAnswer([...surnames.map((s, i) => certificate(`c${i}`, s, 'not_approved')), certificate('cv', 'Bianchi', 'valid')]),
      },
    },
  );
  await expectHomeList(await block('Certificati da approvare'), {
    lines: ['Verdi Anna · Medico agonistico', 'Neri Anna · Medico agonistico', 'Gialli Anna · Medico agonistico'],
    // The three others awaiting; the approved one is not counted.
    link: { name: '+ altri 3 certificati da approvare', href: '/certificates/management' },
  });
});

test('with three or fewer awaiting the staff block links the certificates page by name', async () => {
  renderSlot(
    home,
    {},
    {
      user: user(['certificates_access']),
      api: { 'GET /user/me': me({}), 'GET /certificate': listAnswer([certificate('c1', 'Verdi', 'not_approved')]) },
    },
  );
  await expectHomeList(await block('Certificati da approvare'), {
    count: 1,
    link: { name: 'Gestione certificati', href: '/certificates/management' },
  });
});
