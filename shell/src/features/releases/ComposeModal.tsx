import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DOMAIN_APPS, type PlatformRelease } from 'shared-api';
import { composePayload } from 'shared-api/contract';
import { CheckboxInput, ConfirmDialog, MenuInput, Modal, SelectInput, fieldBinder, schemaResolver, toMenuOptions } from 'shared-ui';
import { useCategoryOptions, useCheck, useCompose, useVersions } from './api';
import { CheckAnswer } from './CheckAnswer';
import { composeInput, versionOptions, type ComposeValues } from './release-text';

/**
 * 'Componi': a version for each app (the live one to start with), optionally a preview audience; the whole-set
 * check runs on every change (a dry run) and its answer shows before 'Metti in linea', which asks to confirm.
 */
export function ComposeModal({ live, previewOut, onClose }: { live: PlatformRelease | null; previewOut: boolean; onClose: () => void }) {
  const liveApps = live?.apps ?? {};
  const versions = useVersions();
  const compose = useCompose();
  const toInput = (values: ComposeValues) => composeInput(values, liveApps);
  const form = useForm<ComposeValues>({
    defaultValues: { apps: Object.fromEntries(DOMAIN_APPS.map((a) => [a.folder, liveApps[a.folder] ?? ''])), preview: false, categories: [] },
    resolver: schemaResolver(composePayload, toInput),
  });
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const values = useWatch({ control: form.control }) as ComposeValues;
  const parsed = composePayload.safeParse(toInput(values));
  const check = useCheck(parsed.success ? parsed.data : null);
  const categories = useCategoryOptions(values.preview);
  const bind = fieldBinder(form, submitted);
  const checked = parsed.success && check.data?.ok === true && !check.isFetching;

  const putLive = async () => {
    setSubmitted(true);
    if (!(await form.trigger()) || !checked) return;
    setConfirming(true);
  };
  const confirm = async () => {
    await compose.run(composePayload.parse(toInput(form.getValues())));
    onClose();
  };
  const changes = parsed.success ? Object.entries(parsed.data.apps).map(([app, v]) => `${app}: ${liveApps[app] ?? '—'} → ${v}`) : [];

  return (
    <>
      <Modal
        open
        title="Componi una release"
        onClose={onClose}
        size="lg"
        footer={
          <>
            <button type="button" className="ui-btn ui-btn--secondary" onClick={onClose}>
              Annulla
            </button>
            <button type="button" className="ui-btn ui-btn--primary" onClick={() => void putLive()} disabled={!checked}>
              {values.preview ? 'Metti in anteprima' : 'Metti in linea'}
            </button>
          </>
        }
      >
        <div className="ui-stack">
          <p className="ui-muted">Le app lasciate alla versione in linea non cambiano.</p>
          <div className="ui-grid ui-grid--2">
            {DOMAIN_APPS.map((app) => (
              <SelectInput
                key={app.folder}
                {...bind(`apps.${app.folder}`)}
                label={`${app.title} (${app.folder})`}
                options={versionOptions(versions.data?.data ?? [], app.folder, liveApps[app.folder])}
                placeholder={versions.isPending ? 'Caricamento in corso...' : 'Nessuna versione scelta'}
              />
            ))}
          </div>
          <CheckboxInput
            {...bind('preview')}
            label="Prima in anteprima a un pubblico"
            disabled={previewOut}
            hint={
              previewOut
                ? "C'è già una release in anteprima: mettila in linea per tutti o ritirala prima."
                : 'Solo gli utenti delle categorie scelte la ricevono.'
            }
          />
          {values.preview && (
            <MenuInput
              {...bind('categories')}
              label="Categorie del pubblico"
              required
              maxSelections={50}
              loading={categories.isPending}
              options={toMenuOptions(categories.data ?? [])}
            />
          )}
          <CheckAnswer parsed={parsed} check={check} />
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming}
        title={values.preview ? 'Metti in anteprima' : 'Metti in linea'}
        message={
          <>
            <p>{values.preview ? 'La release va in anteprima al pubblico scelto:' : 'La release va in linea per tutti:'}</p>
            <ul className="shell-releases__lines">
              {changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </>
        }
        confirmLabel={values.preview ? 'Metti in anteprima' : 'Metti in linea'}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
