import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, type DataProvider, type RaRecord } from 'react-admin';

/**
 * The floor the bundle bench compares against: the smallest useful react-admin app, one <Admin>
 * with one guessed list and an in-memory data provider, built from the same node_modules.
 */
const posts: RaRecord[] = [
  { id: 1, title: 'Hello', published: true },
  { id: 2, title: 'World', published: false },
];

const one = <R extends RaRecord>(id: unknown) => ({ data: (posts.find((p) => p.id === id) ?? posts[0]) as R });

const dataProvider: DataProvider = {
  getList: async <R extends RaRecord>() => ({ data: posts as R[], total: posts.length }),
  getOne: async <R extends RaRecord>(_resource: string, { id }: { id: unknown }) => one<R>(id),
  getMany: async <R extends RaRecord>() => ({ data: posts as R[] }),
  getManyReference: async <R extends RaRecord>() => ({ data: posts as R[], total: posts.length }),
  create: async <R extends RaRecord>(_resource: string, { data }: { data: Partial<R> }) => ({ data: { ...data, id: 3 } as R }),
  update: async <R extends RaRecord>(_resource: string, { id }: { id: unknown }) => one<R>(id),
  updateMany: async () => ({ data: [] }),
  delete: async <R extends RaRecord>(_resource: string, { id }: { id: unknown }) => one<R>(id),
  deleteMany: async () => ({ data: [] }),
};

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider}>
    <Resource name="posts" list={ListGuesser} />
  </Admin>,
);
