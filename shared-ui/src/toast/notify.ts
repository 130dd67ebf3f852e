import type { ReactNode } from 'react';
import { toast, type Id, type ToastOptions } from 'react-toastify';

/** Short helpers over the one toast container (ToastHost). */
export const notify = {
  success: (message: ReactNode, options?: ToastOptions): Id => toast.success(message, options),
  error: (message: ReactNode, options?: ToastOptions): Id => toast.error(message, options),
  info: (message: ReactNode, options?: ToastOptions): Id => toast.info(message, options),
  warning: (message: ReactNode, options?: ToastOptions): Id => toast.warning(message, options),
  dismiss: (id: Id): void => toast.dismiss(id),
};

/**
 * A text made from an operation's result. Written as a method type so its parameter is bivariant: one form that
 * creates or edits passes either mutation's messages (their results differ) without a cast.
 */
type ResultText<T> = { text(result: T): string }['text'];

export interface ToastPromiseMessages<E = Error, T = unknown> {
  /** Shown while the operation runs ('... in corso'). */
  pending: string;
  /** A fixed text, or one made from the result (e.g. how many mails a send queued). */
  success: string | ResultText<T>;
  /** A fixed text, or one chosen from the error (e.g. matching the server message). */
  error: string | ((error: E) => string);
  /** How long the success or error toast stays, in ms (e.g. 8000 for the member payments, spec 002 §8); default the container's. */
  autoClose?: number;
}

/**
 * Runs an operation inside a progress toast that turns into the success or error toast (spec 001 §2).
 * Resolves with the operation's result; rejects with its error after showing it.
 */
export function toastPromise<T, E = Error>(
  operation: Promise<T> | (() => Promise<T>),
  messages: ToastPromiseMessages<E, T>,
  options?: ToastOptions<T>,
): Promise<T> {
  const { error, success } = messages;
  return toast.promise<T, E>(
    operation,
    {
      pending: messages.pending,
      success: typeof success === 'function' ? { render: ({ data }) => success(data) } : success,
      error: typeof error === 'function' ? { render: ({ data }) => error(data) } : error,
    },
    messages.autoClose === undefined ? options : { autoClose: messages.autoClose, ...options },
  );
}
