import { expose } from 'comlink';
import { runBaseline } from './baselines.impl.ts';

expose({ runBaseline });
