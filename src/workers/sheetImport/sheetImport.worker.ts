import { expose } from 'comlink';
import { sheetImportApi } from './sheetImport.impl.ts';

expose(sheetImportApi);

export type SheetImportApi = typeof sheetImportApi;
