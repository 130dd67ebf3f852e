import fs from 'node:fs';
import path from 'node:path';

/** The bytes of uploaded files, one file per id under DATA_DIR/files (DESIGN §2). */
export class FileStore {
  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  private pathOf(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`Identificativo di file non valido: ${id}`);
    return path.join(this.dir, id);
  }

  async write(id: string, data: Buffer): Promise<void> {
    // Write then rename: a reader never sees half a file.
    const target = this.pathOf(id);
    const temp = `${target}.tmp`;
    await fs.promises.writeFile(temp, data);
    await fs.promises.rename(temp, target);
  }

  openRead(id: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(id));
  }

  exists(id: string): boolean {
    return fs.existsSync(this.pathOf(id));
  }

  async remove(ids: Iterable<string>): Promise<void> {
    for (const id of ids) await fs.promises.rm(this.pathOf(id), { force: true });
  }
}
