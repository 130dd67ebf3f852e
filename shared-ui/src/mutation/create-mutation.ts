import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { errorText, type ApiError, type ErrorTextOptions } from 'shared-api';
import { toastPromise, type ToastPromiseMessages } from '../toast/notify';

export interface MutationDeclaration<TVariables, TResult> {
  /** The call, e.g. `(id: string) => api.delete(\`/user/${id}\`)`. */
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** The list query key it changes (the DataTable's queryKey): invalidated after a success, so the table reloads. */
  invalidates: string;
  /** Progress and success toasts (the success text may be made from the result), the error toast's fallback (the spec's wording for this action) and how long the outcome stays. */
  toasts: { pending: string; success: string | ((result: TResult) => string); error: string; autoClose?: number };
  /** Error codes that speak for themselves instead of the fallback (errorText of shared-api). */
  errorCodes?: ErrorTextOptions;
}

export type ApiMutation<TVariables, TResult> = UseMutationResult<TResult, Error, TVariables> & {
  /** The toasts of this action, for a ModalForm that runs mutateAsync inside them. */
  toasts: ToastPromiseMessages<ApiError | Error, TResult>;
  /** Runs the mutation inside its toasts; rejects after the error toast (a ConfirmAction then stays open). */
  run: (variables: TVariables) => Promise<TResult>;
};

/**
 * Declares one mutation of a list page: its call, the list it changes and its toasts. Returns the hook
 * the page uses, so each mutation file is a declaration instead of a copy of the same hook.
 */
export function createMutation<TVariables, TResult = unknown>(declaration: MutationDeclaration<TVariables, TResult>) {
  const { mutationFn, invalidates, errorCodes } = declaration;
  const toasts: ToastPromiseMessages<ApiError | Error, TResult> = {
    pending: declaration.toasts.pending,
    success: declaration.toasts.success,
    error: (error) => errorText(error, declaration.toasts.error, errorCodes),
    ...(declaration.toasts.autoClose === undefined ? {} : { autoClose: declaration.toasts.autoClose }),
  };
  return function useApiMutation(): ApiMutation<TVariables, TResult> {
    const queryClient = useQueryClient();
    const mutation = useMutation<TResult, Error, TVariables>({
      mutationFn,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: [invalidates] }),
    });
    return { ...mutation, toasts, run: (variables) => toastPromise(mutation.mutateAsync(variables), toasts) };
  };
}
