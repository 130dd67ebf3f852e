import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError } from 'shared-api';
import { TextArea } from '../inputs/TextArea';
import { TextInput } from '../inputs/TextInput';
import { ToastHost } from '../toast/ToastHost';
import { ModalForm, type ModalFormProps } from './ModalForm';

const TOASTS: ModalFormProps['toasts'] = {
  pending: 'Creazione della categoria in corso...',
  success: 'Categoria creata con successo!',
  error: (e) =>
    e instanceof ApiError && e.status === 409
      ? 'Esiste già una categoria con questo nome'
      : 'Si è verificato un errore durante la creazione della categoria',
};

function CategoryForm({ onSubmit, trackChanges = false }: { onSubmit: (name: string) => Promise<unknown>; trackChanges?: boolean }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  return (
    <>
      <ToastHost />
      <button type="button" onClick={() => setOpen(true)}>
        Aggiungi
      </button>
      <ModalForm
        open={open}
        title="Nuova categoria"
        onClose={() => setOpen(false)}
        submitLabel="Crea"
        validate={() => Promise.resolve(name.trim() !== '')}
        onSubmit={() => onSubmit(name)}
        toasts={TOASTS}
        dirty={trackChanges ? name !== '' || notes !== '' : undefined}
      >
        {({ submitAttempted }) => (
          <>
            <TextInput
              name="name"
              label="Nome"
              value={name}
              onChange={setName}
              required
              error={submitAttempted && name.trim() === '' ? 'Campo obbligatorio' : null}
            />
            <TextArea name="notes" label="Note" value={notes} onChange={setNotes} />
          </>
        )}
      </ModalForm>
    </>
  );
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => toast.dismiss());

describe('ModalForm', () => {
  it("sends nothing while invalid and shows 'Campo obbligatorio' after the attempt", async () => {
    const onSubmit = jest.fn(() => Promise.resolve());
    render(<CategoryForm onSubmit={onSubmit} />);
    expect(screen.queryByText('Campo obbligatorio')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Campo obbligatorio')).toBeInTheDocument();
  });

  it('runs the request inside progress and success toasts, disables the buttons meanwhile and closes on success', async () => {
    const request = deferred<void>();
    const onSubmit = jest.fn(() => request.promise);
    render(<CategoryForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Nome (obbligatorio)'), 'Agonisti');
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(onSubmit).toHaveBeenCalledWith('Agonisti');
    expect(await screen.findByText('Creazione della categoria in corso...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crea' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Chiudi' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    request.resolve();
    expect(await screen.findByText('Categoria creata con successo!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the error toast chosen from the error and stays open', async () => {
    render(<CategoryForm onSubmit={() => Promise.reject(new ApiError('duplicate', 409, { message: 'duplicate' }))} />);
    await userEvent.type(screen.getByLabelText('Nome (obbligatorio)'), 'Agonisti');
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Esiste già una categoria con questo nome')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Crea' })).toBeEnabled());
    expect(screen.getByLabelText('Nome (obbligatorio)')).toHaveValue('Agonisti');
  });

  it('Enter submits from a field but not from a multi-line field', async () => {
    const onSubmit = jest.fn(() => Promise.resolve());
    render(<CategoryForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Note'), 'riga{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Note')).toHaveValue('riga\n');
    await userEvent.type(screen.getByLabelText('Nome (obbligatorio)'), 'Giovani{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Giovani');
  });

  it('Escape closes, and the submit-attempted flag is reset on close', async () => {
    render(<CategoryForm onSubmit={() => Promise.resolve()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(screen.getByText('Campo obbligatorio')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(screen.getByRole('dialog', { name: 'Nuova categoria' })).toBeInTheDocument();
    expect(screen.queryByText('Campo obbligatorio')).not.toBeInTheDocument();
  });

  it('with changes, Escape and × ask before closing; Annulla discards them as it says (issue 44 item 3)', async () => {
    const user = userEvent.setup();
    render(<CategoryForm onSubmit={() => Promise.resolve()} trackChanges />);
    await user.type(screen.getByLabelText('Nome (obbligatorio)'), 'Agonisti');
    await user.keyboard('{Escape}');
    const ask = screen.getByRole('dialog', { name: 'Modifiche non salvate' });
    expect(ask).toHaveTextContent('Ci sono modifiche non salvate. Chiudere senza salvarle?');
    // Escape in the question closes the question only: the form and what was typed stay.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Modifiche non salvate' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nome (obbligatorio)')).toHaveValue('Agonisti');
    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    await user.click(screen.getByRole('button', { name: 'Continua a modificare' }));
    expect(screen.getByRole('dialog', { name: 'Nuova categoria' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Chiudi senza salvare' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Opened again and changed: Annulla closes at once.
    await user.click(screen.getByRole('button', { name: 'Aggiungi' }));
    await user.type(screen.getByLabelText('Nome (obbligatorio)'), 'Giovani');
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('without changes, Escape closes at once', async () => {
    render(<CategoryForm onSubmit={() => Promise.resolve()} trackChanges />);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('locks body scrolling while open', async () => {
    render(<CategoryForm onSubmit={() => Promise.resolve()} />);
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(document.body.style.overflow).not.toBe('hidden');
  });

  it('switches between two tabs', async () => {
    const onTabChange = jest.fn();
    render(<CategoryFormWithTabs onTabChange={onTabChange} count={2} />);
    expect(screen.getByRole('tab', { name: 'Singolo' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Contenuto singolo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Ricorrente' }));
    expect(onTabChange).toHaveBeenCalledWith(1);
    expect(screen.getByText('Contenuto ricorrente')).toBeInTheDocument();
    expect(screen.queryByText('Attenzione: Il numero massimo di opzioni è 2.')).not.toBeInTheDocument();
  });

  it("offers at most 2 tabs and warns 'Attenzione: Il numero massimo di opzioni è 2.'", () => {
    render(<CategoryFormWithTabs count={3} />);
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Attenzione: Il numero massimo di opzioni è 2.');
  });
});

function CategoryFormWithTabs({ count, onTabChange }: { count: number; onTabChange?: (i: number) => void }) {
  const labels = ['Singolo', 'Ricorrente', 'Terzo'].slice(0, count);
  return (
    <ModalForm
      open
      title="Turno"
      onClose={() => {}}
      submitLabel="Salva"
      validate={() => Promise.resolve(true)}
      onSubmit={() => Promise.resolve()}
      toasts={TOASTS}
      onTabChange={onTabChange}
      tabs={labels.map((label) => ({ label, content: () => <p>Contenuto {label.toLowerCase()}</p> }))}
    />
  );
}

describe('ModalForm success toast', () => {
  it('is made from what onSubmit resolved with, when asked', async () => {
    render(
      <>
        <ToastHost />
        <ModalForm<{ queued: number }>
          open
          title="Invia email"
          onClose={() => undefined}
          submitLabel="Invia"
          validate={() => Promise.resolve(true)}
          onSubmit={() => Promise.resolve({ queued: 4 })}
          toasts={{ pending: 'Invio in corso...', success: ({ queued }) => `Email inviata: ${queued} in coda`, error: 'Errore' }}
        />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText('Email inviata: 4 in coda')).toBeInTheDocument();
  });
});
