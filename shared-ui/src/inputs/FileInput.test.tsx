import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controlled } from '../testing/render';
import { FileInput, type FileInputProps } from './FileInput';

const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);
const MB = 1024 * 1024;

function setup(props: Partial<FileInputProps> = {}, initial: File[] = []) {
  const changes: File[][] = [];
  render(
    <Controlled initial={initial} onValue={(v: File[]) => changes.push(v)}>
      {(value, setValue) => <FileInput name="file" label="Certificato" value={value} onChange={setValue} accept={['pdf', 'png']} {...props} />}
    </Controlled>,
  );
  // The browser's own accept filter is bypassed, as when the user picks "All files".
  const user = userEvent.setup({ applyAccept: false });
  return { changes, user, input: screen.getByLabelText<HTMLInputElement>(/Certificato/) };
}

describe('FileInput', () => {
  it('accepts a file within the defaults (1 file, 1 MB) and lists it', async () => {
    const { changes, user, input } = setup();
    expect(input).toHaveAttribute('accept', '.pdf,.png');
    expect(input).not.toHaveAttribute('multiple');
    await user.upload(input, file('certificato.pdf', 1000));
    expect(changes.at(-1)?.map((f) => f.name)).toEqual(['certificato.pdf']);
    expect(screen.getByRole('list', { name: 'File selezionati' })).toHaveTextContent('certificato.pdf');
  });

  it('refuses a file above 1 MB by default', async () => {
    const { changes, user, input } = setup();
    await user.upload(input, file('grande.pdf', MB + 1));
    expect(changes).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Il file grande.pdf supera la dimensione massima di 1 MB');
  });

  it('uses the given size limit', async () => {
    const { changes, user, input } = setup({ maxSizeMB: 5 });
    await user.upload(input, file('scansione.png', 4 * MB));
    expect(changes).toHaveLength(1);
    await user.upload(input, file('enorme.png', 5 * MB + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Il file enorme.png supera la dimensione massima di 5 MB');
  });

  it('refuses a type that is not accepted', async () => {
    const { changes, user, input } = setup();
    await user.upload(input, file('foto.jpg', 10));
    expect(changes).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Tipo di file non accettato: foto.jpg');
  });

  it('refuses more files than allowed', async () => {
    const { changes, user, input } = setup({ maxFileCount: 2 });
    expect(input).toHaveAttribute('multiple');
    await user.upload(input, [file('a.pdf', 1), file('b.pdf', 1), file('c.pdf', 1)]);
    expect(changes).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Puoi caricare al massimo 2 file');
  });

  it('adds to the chosen files up to the maximum, and a file can be removed', async () => {
    const { changes, user, input } = setup({ maxFileCount: 2 });
    await user.upload(input, file('a.pdf', 1));
    await user.upload(input, file('b.pdf', 1));
    expect(changes.at(-1)?.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    await user.upload(input, file('c.pdf', 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Puoi caricare al massimo 2 file');
    await user.click(screen.getByRole('button', { name: 'Rimuovi a.pdf' }));
    expect(changes.at(-1)?.map((f) => f.name)).toEqual(['b.pdf']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a single-file input replaces the chosen file', async () => {
    const { changes, user, input } = setup();
    await user.upload(input, file('a.pdf', 1));
    await user.upload(input, file('b.pdf', 1));
    expect(changes.at(-1)?.map((f) => f.name)).toEqual(['b.pdf']);
  });

  it("shows the form's error, and the file already stored", () => {
    const { unmount } = render(
      <FileInput name="file" label="Foto" value={[]} onChange={() => {}} accept={['png']} required error="Campo obbligatorio" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Campo obbligatorio');
    unmount();
    render(
      <FileInput
        name="file"
        label="Foto"
        value={[]}
        onChange={() => {}}
        accept={['png']}
        required
        existing={{ name: 'foto.png', url: '/api/v1/file/1' }}
      />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'foto.png' })).toHaveAttribute('href', '/api/v1/file/1');
  });
});
