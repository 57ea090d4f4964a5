import { expose } from 'comlink';
import { followPublish, type PublishHooks, type PublishSpec } from './publishSource.impl.ts';
import { throwingWireErrors } from './wireError.ts';

/**
 * The publication's own worker entry: only PublisherService and the transport, none of the export
 * clients, so it is loaded and ready within a few milliseconds of the vendor's click.
 */
const api = {
  publish: throwingWireErrors((spec: PublishSpec, hooks: PublishHooks) =>
    followPublish(spec, hooks),
  ),
};

expose(api);

export type PublishApi = typeof api;
