/** A build archive uploaded to POST /platform/versions, checked, extracted and published as a version. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PublishedVersion } from 'shared-api/contract';
import type { CurrentUser } from '../../core/domain';
import { DomainError } from '../../core/errors';
import { type Upload, acceptUpload } from '../../core/files/uploads';
import { offThreadModule, runOffThread } from '../../core/workers/pool';
import { ARCHIVE_LIMITS, type PreparedArchive, type prepareBuildArchive } from './archive';
import type { DomainAppRef } from './check';
import { type ReleaseInfo, VersionExistsError, publishVersion, releaseInfoText } from './releases-root';

export type PublishInput = { app: string; packageVersion: string; version?: string | undefined };
type Actor = Pick<CurrentUser, 'name' | 'surname'> | null;

/** What a build archive may be: gzip, detected from its content. */
const ARCHIVE_TYPES: ReadonlySet<string> = new Set(['application/gzip']);
/** Uploads wait here, on the releases root's file system (so the final rename is atomic), never served (a dot folder). */
const UPLOADS_FOLDER = '.uploads';

/** The module whose prepareBuildArchive runs on a worker thread. */
const ARCHIVE_MODULE = offThreadModule('domains/platform/archive');

const archiveRefused = (why: string) => new DomainError('RELEASE_ARCHIVE_INVALID', `Archivio della build non valido: ${why}`);

/**
 * POST /platform/versions: publishes an uploaded build archive as a version of `app`, the version computed exactly
 * as the command computes it (versionOf: package version + hash of the built files). The archive is checked and
 * extracted into a private folder on the releases root's file system, its manifest read, then renamed into place
 * (publishVersion with move): a refusal changes nothing, and of two publishers of one build only one wins (409). The
 * private folder is removed asynchronously whatever happens.
 */
export async function publishArchive(
  o: { releasesDir: string; apps: readonly DomainAppRef[]; now: () => Date },
  input: PublishInput,
  upload: Upload | undefined,
  actor: Actor,
): Promise<PublishedVersion> {
  const ref = o.apps.find((a) => a.folder === input.app);
  if (!ref)
    throw new DomainError('VALIDATION_FAILED', `app: app di dominio sconosciuta (${input.app}); sono ${o.apps.map((a) => a.folder).join(', ')}`);
  if (!upload) throw archiveRefused('manca il file (campo archive, un .tar.gz della cartella dist)');
  if (upload.tooLarge) throw new DomainError('FILE_TOO_LARGE', `L'archivio supera la dimensione massima di ${ARCHIVE_LIMITS.maxArchiveMb} MB`);
  await acceptUpload(upload, ARCHIVE_TYPES);

  const work = path.join(o.releasesDir, UPLOADS_FOLDER, randomUUID());
  await fs.promises.mkdir(work, { recursive: true });
  try {
    const archiveFile = path.join(work, 'build.tar.gz');
    await fs.promises.writeFile(archiveFile, upload.data);
    const dist = path.join(work, 'dist');
    // Listing, extraction, the manifest's check, the version's hash and the size read up to 200 MB: on a worker
    // thread (archive.ts). What stays here is a rename and a small file written.
    const task: Parameters<typeof prepareBuildArchive>[0] = {
      archiveFile,
      into: dist,
      packageVersion: input.packageVersion,
      app: { folder: ref.folder, federationName: ref.federationName },
    };
    const prepared = await runOffThread<typeof task, PreparedArchive>(ARCHIVE_MODULE, 'prepareBuildArchive', task);
    if (!prepared.ok) throw archiveRefused(prepared.refused);
    const { version } = prepared;
    if (input.version !== undefined && input.version !== version) {
      throw archiveRefused(`la versione calcolata dai file è ${version}, non ${input.version} (stessa versione del pacchetto? stessi file?)`);
    }
    let info: ReleaseInfo;
    try {
      info = publishVersion({
        releasesDir: o.releasesDir,
        app: ref.folder,
        distDir: dist,
        packageVersion: input.packageVersion,
        publishedBy: actor ? `${actor.name} ${actor.surname}` : null,
        // The server's clock stamps the publication (not the machine's date: a test's server runs at its own instant).
        now: o.now(),
        move: true,
        version,
        // Counted on the worker with the version: a 200 MB build is not walked again on the request thread.
        filesBytes: prepared.bytes,
      });
    } catch (err) {
      if (err instanceof VersionExistsError) throw new DomainError('VERSION_ALREADY_PUBLISHED', err.message);
      throw err;
    }
    // What readVersion would read back from the folder, without walking it again.
    return {
      app: ref.folder,
      version,
      publishedAt: info.publishedAt,
      publishedBy: info.publishedBy,
      bytes: info.bytes ?? prepared.bytes + Buffer.byteLength(releaseInfoText(info)),
      ...prepared.manifest,
      problem: null,
    };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
