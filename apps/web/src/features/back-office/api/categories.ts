// The public master data of an organisation's complaint form: its categories (the inbox's filter,
// reclassification) and, for a complaint staff record in its name, its zones, relations and
// recognition options.
import { useQuery } from '@tanstack/react-query';
import { HEAD_OFFICE_ID, fromCategoriaDelitos, type Category } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { anonymous, type StaffApi } from './call';
import { staffKeys } from './keys';
import { useStaffApi } from './StaffApiProvider';

const filial = (organizationId: string) => ({ headers: { 'x-filial': organizationId } });

export const fetchCategories = async (
  api: StaffApi,
  organizationId: string = HEAD_OFFICE_ID,
): Promise<Category[]> =>
  (await api(contract.offenceCategories, filial(organizationId), anonymous))?.map(
    fromCategoriaDelitos,
  ) ?? [];

const lists = { staleTime: 10 * 60_000, gcTime: 10 * 60_000 };

/** An organisation's categories (the head office's when none is chosen). */
export function useCategories(organizationId: string | undefined) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.categories(organizationId),
    queryFn: () => fetchCategories(api, organizationId),
    ...lists,
  });
}

/** The lists an organisation's complaint form offers, for staff intake. */
export function useIntakeMasterData(organizationId: string) {
  const api = useStaffApi();
  const options = { enabled: organizationId !== '', ...lists };
  const key = staffKeys.intakeLists(organizationId);
  return {
    categories: useQuery({
      queryKey: [...key, 'delitos'],
      queryFn: () => fetchCategories(api, organizationId),
      ...options,
    }),
    zones: useQuery({
      queryKey: [...key, 'zonas'],
      queryFn: () => api(contract.zonePlaces, filial(organizationId), anonymous),
      ...options,
    }),
    relations: useQuery({
      queryKey: [...key, 'relaciones'],
      queryFn: () => api(contract.relationOptions, filial(organizationId), anonymous),
      ...options,
    }),
    recognitions: useQuery({
      queryKey: [...key, 'reconoce'],
      queryFn: () => api(contract.recognitionOptions, filial(organizationId), anonymous),
      ...options,
    }),
  };
}
