import { expose } from 'comlink';
import { spreadsheetApi } from './exportJob.impl.ts';

expose(spreadsheetApi);

export type SpreadsheetApi = typeof spreadsheetApi;
