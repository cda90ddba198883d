import { useLocation, useNavigate } from 'react-router';

/**
 * The address's search params and a setter, from hooks the portal already ships: React Router's
 * own useSearchParams would add its code to the portal's first load (the router lives there).
 */
export function useQueryParams(): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string>) => void,
] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const set = (next: URLSearchParams | Record<string, string>) => {
    const text = new URLSearchParams(next).toString();
    navigate({ pathname, search: text ? `?${text}` : '' });
  };
  return [new URLSearchParams(search), set];
}
