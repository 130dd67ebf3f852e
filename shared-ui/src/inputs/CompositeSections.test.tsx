import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { nth } from '../testing/nth';
import { Controlled } from '../testing/render';
import { CompositeSections, type CompositeSectionsProps } from './CompositeSections';
import { TextInput } from './TextInput';

type Contact = { name: string };

function setup(initial: Contact[], props: Partial<CompositeSectionsProps<Contact>> = {}) {
  const changes: Contact[][] = [];
  render(
    <Controlled initial={initial} onValue={(v: Contact[]) => changes.push(v)}>
      {(value, setValue) => (
        <CompositeSections<Contact>
          name="contacts"
          label="Contatti"
          value={value}
          onChange={setValue}
          createItem={() => ({ name: '' })}
          renderSection={(item, index, update) => (
            <TextInput name={`contact-${index}`} label="Nome" value={item.name} onChange={(name) => update({ name })} />
          )}
          {...props}
        />
      )}
    </Controlled>,
  );
  return changes;
}

describe('CompositeSections', () => {
  it("shows the form's error on the whole group", () => {
    setup([], { required: true, error: 'Almeno una sezione è obbligatoria' });
    expect(screen.getByRole('alert')).toHaveTextContent('Almeno una sezione è obbligatoria');
    expect(screen.getByRole('group', { name: 'Contatti (obbligatorio)' })).toBeInTheDocument();
  });

  it('adds sections until the maximum, then hides the add button', async () => {
    const changes = setup([{ name: 'A' }], { max: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi sezione' }));
    expect(changes.at(-1)).toEqual([{ name: 'A' }, { name: '' }]);
    expect(screen.queryByRole('button', { name: 'Aggiungi sezione' })).not.toBeInTheDocument();
  });

  it('the first section cannot be deleted, the others can', async () => {
    const changes = setup([{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    expect(screen.queryByRole('button', { name: 'Elimina Sezione 1' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Elimina Sezione 2' }));
    expect(changes.at(-1)).toEqual([{ name: 'A' }, { name: 'C' }]);
  });

  it('updates one section', async () => {
    const changes = setup([{ name: 'A' }, { name: 'B' }]);
    await userEvent.type(nth(screen.getAllByLabelText('Nome'), 1), 'x');
    expect(changes.at(-1)).toEqual([{ name: 'A' }, { name: 'Bx' }]);
  });
});
