import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ApiError } from 'shared-api';
import { cx } from '../inputs/cx';
import { toastPromise, type ToastPromiseMessages } from '../toast/notify';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal } from './Modal';

export interface ModalFormContext {
  /** True after the first submit attempt, until the modal closes: required fields show their errors. */
  submitAttempted: boolean;
  pending: boolean;
  /** Index of the tab shown (0 without tabs). */
  activeTab: number;
}

export interface ModalFormTab {
  label: string;
  content: (ctx: ModalFormContext) => ReactNode;
}

export interface ModalFormProps<T = unknown> {
  open: boolean;
  title: string;
  onClose: () => void;
  submitLabel: string;
  cancelLabel?: string;
  /** Sends the form; runs only when valid. Invalidate the list's query key here so the table reloads. */
  onSubmit: () => Promise<T>;
  /** Validates the form when it is submitted: react-hook-form's trigger, running the contract's schema. */
  validate: () => Promise<boolean>;
  /** The success text may be made from what onSubmit resolved with; autoClose sets how long the outcome stays. */
  toasts: ToastPromiseMessages<ApiError | Error, T>;
  children?: (ctx: ModalFormContext) => ReactNode;
  /** Alternative forms in one modal (e.g. single or recurring); at most 2. */
  tabs?: ModalFormTab[];
  onTabChange?: (index: number) => void;
  size?: 'sm' | 'md' | 'lg';
  /**
   * The form holds changes not saved (react-hook-form's `formState.isDirty`): closing it by Escape or '×' then asks
   * first (issue 44 item 3); the cancel button discards them as it says.
   */
  dirty?: boolean;
}

export const MAX_TABS = 2;
export const TABS_WARNING = 'Attenzione: Il numero massimo di opzioni è 2.';

/** The create/edit form of every list page (spec 001 §2 Generic modal form behaviour). */
export function ModalForm<T = unknown>(props: ModalFormProps<T>) {
  const { open, title, onClose, submitLabel, onSubmit, validate, toasts, children, tabs } = props;
  const formId = useId();
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const [activeTab, setActiveTab] = useState(0);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (!open) {
      setSubmitAttempted(false);
      setActiveTab(0);
      setAsking(false);
    }
  }, [open]);

  // Escape and '×' (Escape pressed for a menu that had already closed, a stray click): with changes not saved, a
  // question first. The cancel button says what it does and closes at once.
  const requestClose = () => (props.dirty ? setAsking(true) : onClose());

  const shownTabs = tabs?.slice(0, MAX_TABS) ?? [];
  const ctx: ModalFormContext = { submitAttempted, pending, activeTab };

  const submit = async () => {
    if (pending) return;
    setSubmitAttempted(true);
    if (!(await validate())) return;
    setPending(true);
    try {
      await toastPromise<T, ApiError | Error>(() => onSubmit(), toasts);
      onClose();
    } catch {
      // The error toast has told the user; the form stays open with what they typed.
    } finally {
      setPending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.defaultPrevented || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    // A multi-line field takes Enter as a new line; buttons and links act on their own.
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement) return;
    e.preventDefault();
    void submit();
  };

  const selectTab = (index: number) => {
    setActiveTab(index);
    setSubmitAttempted(false);
    props.onTabChange?.(index);
  };

  return (
    <Modal
      open={open}
      title={title}
      onClose={requestClose}
      size={props.size}
      closeDisabled={pending}
      footer={
        <>
          <button type="button" className="ui-btn ui-btn--secondary" onClick={onClose} disabled={pending}>
            {props.cancelLabel ?? 'Annulla'}
          </button>
          <button type="submit" form={formId} className="ui-btn ui-btn--primary" disabled={pending} aria-busy={pending || undefined}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="ui-form"
        onKeyDown={onKeyDown}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {tabs && tabs.length > MAX_TABS && (
          <p className="ui-alert ui-alert--warning" role="alert">
            {TABS_WARNING}
          </p>
        )}
        {shownTabs.length > 1 && <FormTabs formId={formId} tabs={shownTabs} activeTab={activeTab} pending={pending} onSelect={selectTab} />}
        <fieldset className="ui-form__fields" disabled={pending}>
          {children?.(ctx)}
          {shownTabs.length > 0 && (
            <div
              id={`${formId}-panel`}
              role={shownTabs.length > 1 ? 'tabpanel' : undefined}
              aria-labelledby={shownTabs.length > 1 ? `${formId}-tab-${activeTab}` : undefined}
            >
              {shownTabs[Math.min(activeTab, shownTabs.length - 1)]?.content(ctx)}
            </div>
          )}
        </fieldset>
      </form>
      <ConfirmDialog
        open={asking}
        title="Modifiche non salvate"
        message="Ci sono modifiche non salvate. Chiudere senza salvarle?"
        confirmLabel="Chiudi senza salvare"
        cancelLabel="Continua a modificare"
        danger
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
        onClose={() => setAsking(false)}
      />
    </Modal>
  );
}

/** The tabs of a form with two alternatives (single or recurring). */
function FormTabs({
  formId,
  tabs,
  activeTab,
  pending,
  onSelect,
}: {
  formId: string;
  tabs: ModalFormTab[];
  activeTab: number;
  pending: boolean;
  onSelect: (index: number) => void;
}) {
  return (
    <div className="ui-tabs" role="tablist" aria-label="Opzioni">
      {tabs.map((tab, index) => (
        <button
          key={tab.label}
          type="button"
          role="tab"
          id={`${formId}-tab-${index}`}
          aria-selected={index === activeTab}
          aria-controls={`${formId}-panel`}
          className={cx('ui-tabs__tab', index === activeTab && 'is-active')}
          onClick={() => onSelect(index)}
          disabled={pending}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
