import { expose } from 'comlink';
import { streamApi } from './exportSource.impl.ts';

// Publications have their own, lighter entry: publish.worker.ts.
const api = { ...streamApi };

expose(api);

export type StreamApi = typeof api;
