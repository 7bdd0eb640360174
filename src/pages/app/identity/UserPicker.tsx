import { useDeferredValue, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { api } from '../../../providers/openapi/typedApi';

/** The user lists a picker reads (both by user name, Filter searching): user logs, users overview. */
export type UserSource = '/api/app/user-logs/users' | '/api/app/user-overviews/workinghours';

/** What the picker shows of a user: either list's rows or an overview row (opened from the overview). */
export interface PickedUser {
  id: string;
  userName: string;
  name?: string | null;
  surname?: string | null;
  email?: string | null;
  tenantName?: string | null;
}

const describe = (u: PickedUser) => {
  const name = [u.name, u.surname].filter(Boolean).join(' ');
  return [u.userName, name && `(${name})`, u.tenantName && `· ${u.tenantName}`].filter(Boolean).join(' ');
};

/** Picks one user by typing part of their user name, name or e-mail (the endpoint's Filter). */
export function UserPicker({ endpoint, label, value, onChange }: { endpoint: UserSource; label: string; value: PickedUser | null; onChange: (user: PickedUser | null) => void }) {
  const [text, setText] = useState('');
  const filter = useDeferredValue(text);
  const { data, isFetching } = useQuery({
    queryKey: ['identity', 'user-picker', endpoint, filter],
    queryFn: async ({ signal }): Promise<PickedUser[]> => (await api('get', endpoint, { query: { Filter: filter, MaxResultCount: 20 }, signal })).items,
    placeholderData: keepPreviousData,
  });
  return (
    <Autocomplete
      sx={{ maxWidth: 480, mb: 2 }}
      options={data ?? []}
      loading={isFetching}
      value={value}
      onChange={(_, picked) => onChange(picked)}
      onInputChange={(_, input, reason) => reason === 'input' && setText(input)}
      filterOptions={(all) => all}
      getOptionLabel={describe}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
