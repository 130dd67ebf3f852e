import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from './error-reports';
import type { RemoteName } from './names';

/** Marks a failure to fetch a domain app, as opposed to one of its pages throwing while rendering. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    readonly cause: unknown,
  ) {
    super(`Caricamento di ${remote} non riuscito: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'RemoteLoadError';
  }
}

interface Props {
  children: ReactNode;
  /** Called when the user presses Riprova; loadFailed tells whether the app itself must be fetched again. */
  onRetry: (loadFailed: boolean) => void;
  /** What failed, for a part of a page (default: a whole section of the portal). */
  title?: string;
  text?: string;
  /** Inside a card of a shell page rather than in place of a whole page. */
  inline?: boolean;
  /** The domain app inside: what it failed is reported to the platform (error-reports.ts). */
  remote?: RemoteName;
}

const SECTION_TITLE = 'Impossibile caricare questa sezione del portale.';
const SECTION_TEXT =
  'La sezione potrebbe essere in aggiornamento o momentaneamente non raggiungibile. Il resto del portale continua a funzionare: riprova tra qualche istante e, se il problema persiste, contatta un amministratore.';

interface State {
  error: Error | null;
}

/** Keeps a failing domain app inside its own section: the rest of the portal keeps working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[shell] sezione non disponibile', error, info.componentStack);
    if (this.props.remote) reportClientError(this.props.remote, error instanceof RemoteLoadError ? 'load' : 'render', error);
  }

  private retry = () => {
    const loadFailed = this.state.error instanceof RemoteLoadError;
    this.setState({ error: null });
    this.props.onRetry(loadFailed);
  };

  render() {
    if (!this.state.error) return this.props.children;
    const { inline = false, title = SECTION_TITLE, text = SECTION_TEXT } = this.props;
    const Heading = inline ? 'h3' : 'h2';
    return (
      <section className={inline ? 'shell-remote-error shell-remote-error--inline' : 'shell-remote-error'} role="alert" data-testid="remote-fallback">
        <Heading className="shell-remote-error__title">{title}</Heading>
        <p className="shell-remote-error__text">{text}</p>
        <button type="button" className="ui-btn ui-btn--primary" onClick={this.retry}>
          Riprova
        </button>
      </section>
    );
  }
}
