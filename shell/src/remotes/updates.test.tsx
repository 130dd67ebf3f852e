import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { holdUpdate, useHoldUpdate } from 'shared-ui';
import { apiServer } from 'shared-ui/testing/api';
import { forgetLoadedEntries, recordLoadedEntry } from './loaded-entries';
import { UpdateOffer, pageReload } from './updates';

let live: Record<string, string>;
let reloads: number;
let served: number;
beforeEach(() => {
  served = 0;
  forgetLoadedEntries();
  live = { mf_registry: '/releases/mf-registry/1.0.0-aaaaaaaa/mf-manifest.json', mf_booking: '/releases/mf-booking/1.0.0-bbbbbbbb/mf-manifest.json' };
  apiServer.use(
    http.get('*/remotes.json', () => {
      served++;
      return HttpResponse.json(live);
    }),
  );
  reloads = 0;
  jest.spyOn(pageReload, 'run').mockImplementation(() => void reloads++);
});
afterEach(() => jest.restoreAllMocks());

/** Focuses the window and waits until the release list was actually asked for and its answer settled. */
const focus = async () => {
  const before = served;
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
  await waitFor(() => expect(served).toBeGreaterThan(before));
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
};
const OFFER = 'È disponibile una nuova versione di questa sezione';

test('a new release of the page’s app is offered on focus; Aggiorna reloads the page', async () => {
  recordLoadedEntry('mf_registry', live.mf_registry!);
  render(<UpdateOffer remote="mf_registry" />);
  await focus();
  expect(screen.queryByText(OFFER)).not.toBeInTheDocument();

  live = { ...live, mf_registry: '/releases/mf-registry/1.0.0-cccccccc/mf-manifest.json' };
  await focus();
  expect(await screen.findByTestId('update-offer')).toHaveTextContent(`${OFFER} — Aggiorna`);
  await userEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
  expect(reloads).toBe(1);
});

test('a release that changed another app offers nothing here', async () => {
  recordLoadedEntry('mf_registry', live.mf_registry!);
  render(<UpdateOffer remote="mf_registry" />);
  live = { ...live, mf_booking: '/releases/mf-booking/1.0.0-dddddddd/mf-manifest.json' };
  await focus();
  expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
});

function DirtyForm({ dirty }: { dirty: boolean }) {
  useHoldUpdate(dirty, 'Il modulo ha modifiche non salvate.');
  return null;
}

test('a page with unsaved input holds the switch until it is saved', async () => {
  recordLoadedEntry('mf_registry', live.mf_registry!);
  const { rerender } = render(
    <>
      <DirtyForm dirty />
      <UpdateOffer remote="mf_registry" />
    </>,
  );
  live = { ...live, mf_registry: '/releases/mf-registry/1.0.0-eeeeeeee/mf-manifest.json' };
  await focus();
  await userEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
  expect(reloads).toBe(0);
  expect(screen.getByText(/Il modulo ha modifiche non salvate\. Salva o annulla le modifiche, poi aggiorna\./)).toBeInTheDocument();

  rerender(
    <>
      <DirtyForm dirty={false} />
      <UpdateOffer remote="mf_registry" />
    </>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
  expect(reloads).toBe(1);
});

test('a hold taken outside React (holdUpdate) counts too', async () => {
  recordLoadedEntry('mf_registry', live.mf_registry!);
  function Holder() {
    useEffect(() => holdUpdate('Caricamento in corso.'), []);
    return null;
  }
  render(
    <>
      <Holder />
      <UpdateOffer remote="mf_registry" />
    </>,
  );
  live = { ...live, mf_registry: '/x.json' };
  await focus();
  await userEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
  expect(reloads).toBe(0);
});
