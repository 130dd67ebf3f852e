import { useState } from 'react';
import type { PlatformRelease, ReleaseEvent, RolloutAppEvidence, RolloutEvidence } from 'shared-api';
import { ConfirmDialog, TextInput, formatDateTime } from 'shared-ui';
import { type RolloutActionName, useAbortRollout, useAdvanceRollout, usePauseRollout, useReleaseDetail, useResumeRollout } from './api';
import {
  type StepPoint,
  appFiguresOf,
  eventText,
  formatRate,
  formatRatio,
  planText,
  rateText,
  stepPoints,
  stepText,
  verdictText,
} from './rollout-text';

const W = 320;
const H = 140;
const PAD = { left: 36, right: 8, top: 10, bottom: 24 };

/**
 * The steps over time (inline SVG, no chart library): per step, the share of sessions with errors on the new release
 * beside the live one's. The figures are also in the evidence and the decisions as text; the chart is their picture.
 */
export function RolloutChart({ points }: { points: readonly StepPoint[] }) {
  if (points.length === 0) return null;
  const top = Math.max(0.05, ...points.map((p) => Math.max(p.rateNew, p.rateOld)));
  const plotH = H - PAD.top - PAD.bottom;
  const slot = (W - PAD.left - PAD.right) / points.length;
  const bar = Math.min(22, slot / 3);
  // A rate of 0 still shows as a thin bar on the axis: no bar would read as no figure.
  const y = (rate: number) => Math.min(PAD.top + plotH - 1.5, PAD.top + plotH - (rate / top) * plotH);
  const summary = points
    .map((p) => `${p.label}${p.current ? ' (in corso)' : ''}: nuova ${formatRate(p.rateNew)}, in linea ${formatRate(p.rateOld)}`)
    .join('; ');
  return (
    <figure className="shell-rollout__chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Sessioni con errori per passo: ${summary}`}>
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} className="shell-rollout__axis" />
        <text x={PAD.left - 4} y={y(top) + 4} textAnchor="end" className="shell-rollout__tick">
          {formatRate(top).replace(',0', '')}
        </text>
        <text x={PAD.left - 4} y={PAD.top + plotH} textAnchor="end" className="shell-rollout__tick">
          0 %
        </text>
        {points.map((p, i) => {
          const x = PAD.left + i * slot + slot / 2;
          return (
            <g key={`${p.label}-${i}`}>
              <rect
                x={x - bar - 1}
                y={y(p.rateNew)}
                width={bar}
                height={PAD.top + plotH - y(p.rateNew)}
                className={p.aborted ? 'shell-rollout__bar--aborted' : 'shell-rollout__bar--new'}
              >
                <title>{`${p.label}, nuova release: ${formatRate(p.rateNew)} su ${p.sessionsNew} sessioni`}</title>
              </rect>
              <rect x={x + 1} y={y(p.rateOld)} width={bar} height={PAD.top + plotH - y(p.rateOld)} className="shell-rollout__bar--old">
                <title>{`${p.label}, release in linea: ${formatRate(p.rateOld)} su ${p.sessionsOld} sessioni`}</title>
              </rect>
              <text x={x} y={H - 8} textAnchor="middle" className="shell-rollout__tick">
                {p.current ? `${p.label} ·` : p.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="ui-muted">
        <span className="shell-rollout__key shell-rollout__bar--new" /> nuova release ·{' '}
        <span className="shell-rollout__key shell-rollout__bar--old" /> release in linea · sessioni con errori per passo (· passo in corso)
      </figcaption>
    </figure>
  );
}

/** One side's cells in a row of the evidence: sessions served, members, sessions with errors, rate with its 95 % interval. */
function ArmCells({
  sessions,
  members,
  withErrors,
  interval,
}: {
  sessions: number;
  members: number;
  withErrors: number;
  interval: readonly number[];
}) {
  return (
    <>
      <td>{sessions}</td>
      <td>{members}</td>
      <td>{withErrors}</td>
      <td>{rateText(withErrors, sessions, interval)}</td>
    </>
  );
}

/** The guarded comparison's figures for the step under way: both sides, Λ and what the next check will do. */
function EvidenceTable({ evidence, minSessions }: { evidence: RolloutEvidence; minSessions: number }) {
  return (
    <div className="shell-rollout__evidence">
      <table className="shell-rollout__table">
        <caption>Sessioni dal {formatDateTime(evidence.since)} (inizio del passo)</caption>
        <thead>
          <tr>
            <th scope="col">Release</th>
            <th scope="col">Sessioni servite</th>
            <th scope="col">Membri</th>
            <th scope="col">Con errori</th>
            <th scope="col">Tasso (intervallo 95 %)</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{evidence.newRelease} (nuova)</th>
            <ArmCells
              sessions={evidence.newSessions}
              members={evidence.newMembers}
              withErrors={evidence.newWithErrors}
              interval={evidence.intervalNew}
            />
          </tr>
          <tr>
            <th scope="row">{evidence.oldRelease} (in linea)</th>
            <ArmCells
              sessions={evidence.oldSessions}
              members={evidence.oldMembers}
              withErrors={evidence.oldWithErrors}
              interval={evidence.intervalOld}
            />
          </tr>
        </tbody>
      </table>
      <p>
        Λ = {formatRatio(evidence.likelihoodRatio)} · {verdictText(evidence, minSessions)}
      </p>
    </div>
  );
}

/**
 * The same figures per app the rollout changes (issue 40): for each app a group of two rows, its new version on the
 * rollout's release and its old one on the live release. In a region that scrolls sideways on a narrow screen and
 * takes the focus, so the keyboard can scroll it too.
 */
export function AppEvidenceTable({
  apps,
  newRelease,
  oldRelease,
  caption,
}: {
  apps: readonly RolloutAppEvidence[];
  newRelease: number;
  oldRelease: number;
  caption: string;
}) {
  if (apps.length === 0) return null;
  return (
    <div className="shell-rollout__scroll" role="region" aria-label="Evidenza per app" tabIndex={0}>
      <table className="shell-rollout__table shell-rollout__table--apps">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">App</th>
            <th scope="col">Release</th>
            <th scope="col">Versione</th>
            <th scope="col">Sessioni servite</th>
            <th scope="col">Membri</th>
            <th scope="col">Con errori</th>
            <th scope="col">Tasso (intervallo 95 %)</th>
          </tr>
        </thead>
        {apps.map((a) => (
          <tbody key={a.app}>
            <tr>
              <th scope="rowgroup" rowSpan={2}>
                {a.app}
              </th>
              <th scope="row">{`${newRelease} (nuova)`}</th>
              <td>{a.newVersion}</td>
              <ArmCells sessions={a.newSessions} members={a.newMembers} withErrors={a.newWithErrors} interval={a.intervalNew} />
            </tr>
            <tr>
              <th scope="row">{`${oldRelease} (in linea)`}</th>
              <td>{a.oldVersion ?? '—'}</td>
              <ArmCells sessions={a.oldSessions} members={a.oldMembers} withErrors={a.oldWithErrors} interval={a.intervalOld} />
            </tr>
          </tbody>
        ))}
      </table>
    </div>
  );
}

/** The rollout's decisions, oldest first: what, at which step, who (or the server itself) and why. */
function Decisions({ events }: { events: readonly ReleaseEvent[] }) {
  if (events.length === 0) return null;
  return (
    <ol className="shell-releases__lines shell-rollout__decisions" aria-label="Decisioni">
      {events.map((e) => (
        <li key={`${e.at}-${e.action}`}>
          <strong>{eventText(e)}</strong> · {formatDateTime(e.at)}
          {e.reason && <div>{e.reason}</div>}
        </li>
      ))}
    </ol>
  );
}

type Pending = { action: RolloutActionName; number: number };
const CONFIRM: Record<RolloutActionName, { title: string; label: string; message: (n: number) => string }> = {
  pause: {
    title: 'Metti in pausa',
    label: 'Metti in pausa',
    message: (n) => `La release ${n} resta al passo attuale: nessun avanzamento automatico finché non la riprendi.`,
  },
  resume: { title: 'Riprendi la distribuzione', label: 'Riprendi', message: (n) => `La release ${n} riprende: il tempo del passo riparte da ora.` },
  advance: {
    title: 'Passa al passo successivo',
    label: 'Passo successivo',
    message: (n) => `La release ${n} va subito al passo successivo (dopo l'ultimo, in linea per tutti), senza attendere il confronto.`,
  },
  abort: {
    title: 'Interrompi la distribuzione',
    label: 'Interrompi',
    message: (n) =>
      `La distribuzione della release ${n} viene interrotta e non potrà essere ripresa: chi la riceveva torna alla release in linea alla prossima navigazione.`,
  },
};

/** Pause or resume, advance, abort: each asks to confirm (abort, which cannot be undone, in red and with a reason). */
function RolloutActions({ release }: { release: PlatformRelease }) {
  const mutations = { pause: usePauseRollout(), resume: useResumeRollout(), advance: useAdvanceRollout(), abort: useAbortRollout() };
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const open = (action: RolloutActionName) => {
    setReason('');
    setPending({ action, number: release.number });
  };
  const paused = !!release.rollout?.pausedAt;
  const text = pending ? CONFIRM[pending.action] : null;
  return (
    <>
      <div className="ui-row">
        <button type="button" className="ui-btn ui-btn--secondary" onClick={() => open(paused ? 'resume' : 'pause')}>
          {paused ? 'Riprendi' : 'Metti in pausa'}
        </button>
        <button type="button" className="ui-btn ui-btn--secondary" onClick={() => open('advance')}>
          Passo successivo
        </button>
        <button type="button" className="ui-btn ui-btn--danger" onClick={() => open('abort')}>
          Interrompi
        </button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={text?.title ?? ''}
        message={
          pending && text ? (
            <div className="ui-stack">
              <p>{text.message(pending.number)}</p>
              <TextInput name="rollout-reason" label="Motivo (facoltativo)" value={reason} onChange={setReason} maxLength={500} />
            </div>
          ) : (
            ''
          )
        }
        confirmLabel={text?.label}
        danger={pending?.action === 'abort'}
        onClose={() => setPending(null)}
        onConfirm={async () => {
          if (!pending) return;
          await mutations[pending.action].run({ number: pending.number, reason: reason.trim() || undefined });
          setPending(null);
        }}
      />
    </>
  );
}

/**
 * A progressive rollout (issue 40): the step and share, the plan, the evidence the server decides on (sessions served
 * each side, those with errors, both rates with their interval, Λ), the chart of the steps and every decision; for the
 * rollout under way, its pause / resume / advance / abort.
 */
export function RolloutPanel({ number, actions }: { number: number; actions: boolean }) {
  const detail = useReleaseDetail(number);
  const rollout = detail.data?.release.rollout;
  if (!detail.data || !rollout) return null;
  const { release, evidence, events = [] } = detail.data;
  const running = release.preview && !release.live;
  // Once over, the per-app figures of the last decision that kept them.
  const lastDecided = evidence ? null : appFiguresOf(events);
  return (
    <section className="shell-rollout" aria-label="Distribuzione progressiva">
      <h3 className="shell-releases__subtitle">Distribuzione progressiva</h3>
      {running ? (
        <p>
          <strong>{stepText(rollout)}</strong>
          {rollout.stepStartedAt && ` · dal ${formatDateTime(rollout.stepStartedAt)}`}
          {rollout.pausedAt && <span className="ui-badge ui-badge--warning">{` In pausa dal ${formatDateTime(rollout.pausedAt)}`}</span>}
        </p>
      ) : (
        <p>
          <strong>{release.live ? 'Completata: in linea per tutti' : release.withdrawnAt ? `Interrotta al ${rollout.percent} %` : 'Conclusa'}</strong>
          {release.note && ` · ${release.note}`}
        </p>
      )}
      <p className="ui-muted">Passi: {planText(rollout)}</p>
      {evidence && <EvidenceTable evidence={evidence} minSessions={rollout.minSessions} />}
      {evidence ? (
        <AppEvidenceTable
          apps={evidence.apps}
          newRelease={evidence.newRelease}
          oldRelease={evidence.oldRelease}
          caption={`Per app, dal ${formatDateTime(evidence.since)}`}
        />
      ) : (
        lastDecided && (
          <AppEvidenceTable
            apps={lastDecided.apps}
            newRelease={lastDecided.newRelease}
            oldRelease={lastDecided.oldRelease}
            caption={`Per app, all'ultima decisione (${formatDateTime(lastDecided.at)})`}
          />
        )
      )}
      <RolloutChart points={stepPoints(events, evidence)} />
      <Decisions events={events} />
      {actions && running && <RolloutActions release={release} />}
    </section>
  );
}
