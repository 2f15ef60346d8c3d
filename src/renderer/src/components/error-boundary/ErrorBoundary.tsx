import { Component, type ErrorInfo, type ReactNode } from 'react';
import { fillMessage, useT } from '../../i18n';
import './error-boundary.css';

/** The code shown with a failure: the error's own (a contract failure, a DTE reader's), or render_error. */
export function errorCodeOf(error: unknown): string {
  const code: unknown = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[\w.-]{1,64}$/.test(code) ? code : 'render_error';
}

interface ErrorBoundaryProps {
  /** What it guards, for the log and the test id (a screen's name, "preview"). */
  where: string;
  children: ReactNode;
}

/**
 * Keeps one screen's or one preview's failure to itself: instead of a blank window until reload (as one
 * invoice the DTE reader threw on once left it), a friendly message with the error's code and "Try again",
 * and the error logged.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[counter] ${this.props.where} failed to render (${errorCodeOf(error)})`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <ErrorNotice where={this.props.where} code={errorCodeOf(this.state.error)} onRetry={() => this.setState({ error: undefined, failed: false })} />;
  }
}

function ErrorNotice({ where, code, onRetry }: { where: string; code: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="error-boundary" role="alert" data-testid={`error-boundary-${where}`}>
      <p className="error-boundary-message">{t('term.somethingWentWrong')}</p>
      <small className="error-boundary-code" data-testid="error-boundary-code">
        {fillMessage(t('term.errorCode'), { code })}
      </small>
      <button type="button" className="button" onClick={onRetry} data-testid="error-boundary-retry">
        {t('term.tryAgain')}
      </button>
    </div>
  );
}
