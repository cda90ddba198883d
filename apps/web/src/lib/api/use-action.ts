import { useRef, useState } from 'react';

type Flags<P extends boolean, S extends boolean, E extends boolean> = {
  isPending: P;
  isSuccess: S;
  isError: E;
};
type ActionState<Input, Output> =
  | ({ status: 'idle'; data?: undefined; error: null; variables?: undefined } & Flags<
      false,
      false,
      false
    >)
  | ({ status: 'pending'; data?: undefined; error: null; variables: Input } & Flags<
      true,
      false,
      false
    >)
  | ({ status: 'success'; data: Output; error: null; variables: Input } & Flags<false, true, false>)
  | ({ status: 'error'; data?: undefined; error: unknown; variables: Input } & Flags<
      false,
      false,
      true
    >);

const NONE = { isPending: false, isSuccess: false, isError: false } as const;
const IDLE = { status: 'idle', error: null, ...NONE } as const;

/**
 * One request a person starts (sign in, recover, reset): its state for the screen, the latest call
 * only. The home page's forms use it instead of TanStack Query's `useMutation`, so the query
 * library stays out of the first load of `/` (decision 0026); pages that read data keep TanStack
 * Query.
 */
export function useAction<Input, Output>(
  action: (input: Input) => Promise<Output>,
  options: { onSuccess?: (data: Output, input: Input) => void } = {},
) {
  const [state, setState] = useState<ActionState<Input, Output>>(IDLE);
  // A later call, or reset(), makes an earlier answer stale: it is dropped.
  const latest = useRef(0);

  const mutate = (input: Input) => {
    const call = ++latest.current;
    setState({ status: 'pending', error: null, variables: input, ...NONE, isPending: true });
    action(input).then(
      (data) => {
        if (call !== latest.current) return;
        setState({
          status: 'success',
          data,
          error: null,
          variables: input,
          ...NONE,
          isSuccess: true,
        });
        options.onSuccess?.(data, input);
      },
      (error: unknown) => {
        if (call === latest.current)
          setState({ status: 'error', error, variables: input, ...NONE, isError: true });
      },
    );
  };
  const reset = () => {
    latest.current++;
    setState(IDLE);
  };

  return { ...state, mutate, reset };
}
