import { expose } from 'comlink';
import { streamApi } from './exportSource.impl.ts';
import { followPublish, type PublishHooks, type PublishSpec } from './publishSource.impl.ts';
import { throwingWireErrors } from './wireError.ts';

const api = {
  ...streamApi,
  publish: throwingWireErrors((spec: PublishSpec, hooks: PublishHooks) =>
    followPublish(spec, hooks),
  ),
};

expose(api);

export type StreamApi = typeof api;
