import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DOMAIN_APPS, type PlatformRelease, type RolloutPlan } from 'shared-api';
import { composePayload } from 'shared-api/contract';
import {
  CheckboxInput,
  ConfirmDialog,
  MenuInput,
  Modal,
  NumberInput,
  SelectInput,
  TextInput,
  fieldBinder,
  schemaResolver,
  toMenuOptions,
} from 'shared-ui';
import { useCategoryOptions, useCheck, useCompose, useVersions } from './api';
import { CheckAnswer } from './CheckAnswer';
import { ROLLOUT_DEFAULTS, composeInput, versionOptions, type ComposeValues } from './release-text';
import { planText } from './rollout-text';

/** The confirm button's and dialog's words: an immediate switch, a preview, or a rollout with its plan. */
function composeWording(values: ComposeValues, plan: RolloutPlan | undefined): { label: string; lead: string } {
  if (values.rollout)
    return {
      label: 'Avvia la distribuzione',
      lead: plan
        ? `La release va ai membri collegati a passi: ${planText(plan)}. Il confronto con la release in linea la interrompe da solo se peggiore.`
        : '',
    };
  if (values.preview) return { label: 'Metti in anteprima', lead: 'La release va in anteprima al pubblico scelto:' };
  return { label: 'Metti in linea', lead: 'La release va in linea per tutti:' };
}

/** A progressive rollout instead of an immediate switch (issue 40): its steps, hold minutes and minimum sessions. */
function RolloutFields({ bind, on, previewOut }: { bind: ReturnType<typeof fieldBinder<ComposeValues>>; on: boolean; previewOut: boolean }) {
  return (
    <>
      <CheckboxInput
        {...bind('rollout')}
        label="Distribuzione progressiva, a passi"
        disabled={previewOut}
        hint={
          previewOut
            ? "C'è già una release in anteprima o in distribuzione: concludila prima."
            : 'Invece del passaggio immediato: una quota crescente dei membri collegati, confrontata con la release in linea.'
        }
      />
      {on && (
        <div className="ui-grid ui-grid--3">
          <TextInput {...bind('steps')} label="Passi (% dei membri)" required hint="Crescenti, l'ultimo 100: es. 5, 25, 50, 100" maxLength={60} />
          <NumberInput {...bind('holdMinutes')} label="Minuti minimi per passo" required max={10_080} />
          <NumberInput {...bind('minSessions')} label="Sessioni minime per parte" required max={1_000_000} />
        </div>
      )}
    </>
  );
}

/**
 * 'Componi': a version for each app (the live one to start with), optionally a preview audience, and either an
 * immediate switch or a progressive rollout (steps, hold minutes, minimum sessions: issue 40); the whole-set check
 * runs on every change (a dry run) and its answer shows before 'Metti in linea', which asks to confirm.
 */
export function ComposeModal({ live, previewOut, onClose }: { live: PlatformRelease | null; previewOut: boolean; onClose: () => void }) {
  const liveApps = live?.apps ?? {};
  const versions = useVersions();
  const compose = useCompose();
  const toInput = (values: ComposeValues) => composeInput(values, liveApps);
  const form = useForm<ComposeValues>({
    defaultValues: {
      apps: Object.fromEntries(DOMAIN_APPS.map((a) => [a.folder, liveApps[a.folder] ?? ''])),
      preview: false,
      categories: [],
      rollout: false,
      ...ROLLOUT_DEFAULTS,
    },
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
  const { label, lead } = composeWording(values, parsed.success ? parsed.data.rollout : undefined);
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
              {label}
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
          <RolloutFields bind={bind} on={values.rollout} previewOut={previewOut} />
          <CheckAnswer parsed={parsed} check={check} />
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming}
        title={label}
        message={
          <>
            <p>{lead}</p>
            <ul className="shell-releases__lines">
              {changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </>
        }
        confirmLabel={label}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
