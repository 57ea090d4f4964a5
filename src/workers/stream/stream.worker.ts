import { expose } from 'comlink';
import { streamApi } from './exportSource.impl.ts';

expose(streamApi);

export type StreamApi = typeof streamApi;
