import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { api, type StorageCategoryPayload } from 'shared-api';
import { storageCategoryPayload } from 'shared-api/contract';
import { schemaResolver } from '../form/schema-resolver';
import { TextInput } from '../inputs/TextInput';
import { createMutation } from '../mutation/create-mutation';
import { mockApi } from '../testing/api-mock';
import { renderWithProviders } from '../testing/render';
import { RecordFormModal } from './RecordFormModal';

const useCreateCategory = createMutation({
  mutationFn: (body: StorageCategoryPayload) => api.post('/storage/category', body),
  invalidates: 'storage-categories',
  toasts: { pending: 'Creazione in corso...', success: 'Categoria creata con successo!', error: 'Impossibile creare la categoria' },
});
const useUpdateCategory = createMutation({
  mutationFn: ({ id, body }: { id: string; body: StorageCategoryPayload }) => api.put(`/storage/category/${id}`, body),
  invalidates: 'storage-categories',
  toasts: { pending: 'Modifica in corso...', success: 'Categoria modificata con successo!', error: 'Impossibile modificare la categoria' },
});

function CategoryModal({
  category,
  onClose,
  confirmDiscard,
}: {
  category?: { _id: string; name: string };
  onClose: () => void;
  confirmDiscard?: boolean;
}) {
  const form = useForm<StorageCategoryPayload>({ defaultValues: { name: category?.name ?? '' }, resolver: schemaResolver(storageCategoryPayload) });
  return (
    <RecordFormModal
      form={form}
      record={category}
      noun="categoria"
      create={useCreateCategory()}
      update={useUpdateCategory()}
      body={() => storageCategoryPayload.parse(form.getValues())}
      onClose={onClose}
      confirmDiscard={confirmDiscard}
    >
      {(bind) => <TextInput {...bind('name')} label="Nome" required />}
    </RecordFormModal>
  );
}

/** A nested record: a category's item, created under the category's path and edited with the category's id. */
const useCreateItem = createMutation({
  mutationFn: ({ categoryId, body }: { categoryId: string; body: StorageCategoryPayload }) => api.post(`/storage/category/${categoryId}/item`, body),
  invalidates: 'storage-items',
  toasts: { pending: 'Creazione in corso...', success: 'Articolo creato con successo!', error: "Impossibile creare l'articolo" },
});
const useUpdateItem = createMutation({
  mutationFn: ({ categoryId, id, body }: { categoryId: string; id: string; body: StorageCategoryPayload }) =>
    api.put(`/storage/category/${categoryId}/item/${id}`, body),
  invalidates: 'storage-items',
  toasts: { pending: 'Modifica in corso...', success: 'Articolo modificato con successo!', error: "Impossibile modificare l'articolo" },
});

function ItemModal({ item, onClose }: { item?: { _id: string; name: string }; onClose: () => void }) {
  const form = useForm<StorageCategoryPayload>({ defaultValues: { name: item?.name ?? '' }, resolver: schemaResolver(storageCategoryPayload) });
  const payload = () => storageCategoryPayload.parse(form.getValues());
  return (
    <RecordFormModal
      form={form}
      record={item}
      noun="articolo"
      createLabel="Registra"
      create={useCreateItem()}
      update={useUpdateItem()}
      parent={{ categoryId: 'c3' }}
      body={() => ({ categoryId: 'c3', body: payload() })}
      editBody={payload}
      onClose={onClose}
    >
      {(bind) => <TextInput {...bind('name')} label="Nome" required />}
    </RecordFormModal>
  );
}

describe('RecordFormModal', () => {
  test("a nested record: the creation's variables carry its path's ids, the update gets the parent's ids beside its own", async () => {
    const server = mockApi({
      'POST /storage/category/c3/item': { status: 201, body: { _id: 'i1' } },
      'PUT /storage/category/c3/item/i9': { body: { _id: 'i9' } },
    });
    const onClose = jest.fn();
    const { unmount } = renderWithProviders(<ItemModal onClose={onClose} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Nome/ }), 'Racchetta');
    await userEvent.click(screen.getByRole('button', { name: 'Registra' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.callsTo('POST /storage/category/c3/item').map((c) => c.body)).toEqual([{ name: 'Racchetta' }]);
    unmount();

    renderWithProviders(<ItemModal item={{ _id: 'i9', name: 'Rete' }} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Modifica articolo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(server.callsTo('PUT /storage/category/c3/item/i9').map((c) => c.body)).toEqual([{ name: 'Rete' }]);
  });

  test('without a record: "Aggiungi …", "Crea", the create call inside its toasts, then it closes', async () => {
    const server = mockApi({ 'POST /storage/category': { status: 201, body: { _id: 't1' } } });
    const onClose = jest.fn();
    renderWithProviders(<CategoryModal onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Aggiungi categoria' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(server.calls).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: /Nome/ }), ' Racchette ');
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.callsTo('POST /storage/category').map((c) => c.body)).toEqual([{ name: 'Racchette' }]);
    expect(await screen.findByText('Categoria creata con successo!')).toBeInTheDocument();
  });

  test('with a record: "Modifica …", "Salva", the update of the record\'s id; on an error it stays open', async () => {
    const server = mockApi({ 'PUT /storage/category/t7': { status: 500, body: { message: 'boom' } } });
    const onClose = jest.fn();
    renderWithProviders(<CategoryModal category={{ _id: 't7', name: 'Palline' }} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Modifica categoria' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Impossibile modificare la categoria')).toBeInTheDocument();
    expect(server.callsTo('PUT /storage/category/t7').map((c) => c.body)).toEqual([{ name: 'Palline' }]);
    expect(server.callsTo('POST /storage/category')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Modifica categoria' })).toBeInTheDocument();
  });

  test("with changes typed, Escape asks before closing (the form's own dirty state); confirmDiscard={false} closes at once", async () => {
    mockApi({});
    const onClose = jest.fn();
    const { unmount } = renderWithProviders(<CategoryModal onClose={onClose} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Nome/ }), 'Tavoli');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Modifiche non salvate' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi senza salvare' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();

    const onCloseAtOnce = jest.fn();
    renderWithProviders(<CategoryModal onClose={onCloseAtOnce} confirmDiscard={false} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Nome/ }), 'Tavoli');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Modifiche non salvate' })).not.toBeInTheDocument();
    expect(onCloseAtOnce).toHaveBeenCalledTimes(1);
  });
});
