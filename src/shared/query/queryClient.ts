import { QueryClient } from '@tanstack/react-query';

/**
 * One client per plugin: a dynamic plugin has no app root of its own and react-query is bundled
 * by us (the console does not share it), so every exposed page wraps itself with this client.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});
