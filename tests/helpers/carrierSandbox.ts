import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHIPPING_WEBHOOK_PATH } from '../../server/services/shipping/carrierClient.ts';
import {
  SANDBOX_SHIPPING,
  type ShippingSettings,
} from '../../server/services/shipping/shippingSettings.ts';
import {
  createSendcloudSandbox,
  type SendcloudSandbox,
} from '../../server/sandbox/sendcloudSandbox.ts';
import { DeliveryPlaceService } from '../../src/rpc/gen/seconde/v1/delivery_place_pb.ts';
import { listenHttpDouble, type HttpDouble } from './httpDouble.ts';
import type { DemoUser, TestServer } from './testServer.ts';

/** The carrier's sandbox on a port of its own, and the shipping settings that reach it. */
export interface CarrierSandbox {
  readonly sandbox: SendcloudSandbox;
  readonly double: HttpDouble;
  readonly publicKey: string;
  readonly secretKey: string;
  /** The server's shipping settings pointing at the sandbox as at a real carrier (keys set). */
  readonly settings: ShippingSettings;
}

/**
 * Starts the carrier's sandbox (Sendcloud's wire format) for one test suite, with keys of its own;
 * `serverUrl` is read when a webhook is sent, so the server may start after it.
 */
export async function startCarrierSandbox(
  suite: string,
  serverUrl: () => string,
): Promise<CarrierSandbox> {
  const publicKey = `${suite}_public`;
  const secretKey = `${suite}_secret`;
  let base = '';
  const sandbox = createSendcloudSandbox({
    publicKey,
    secretKey,
    baseUrl: () => base,
    webhookUrl: () => `${serverUrl()}${SHIPPING_WEBHOOK_PATH}`,
  });
  const double = await listenHttpDouble((req, res) => sandbox.handle(req, res, req.url ?? '/'));
  base = double.base;
  const settings: ShippingSettings = {
    ...SANDBOX_SHIPPING,
    publicKey,
    secretKey,
    apiUrl: `${base}/panel/api/v2`,
    servicePointsUrl: `${base}/servicepoints/api/v2`,
    sandbox: false,
    timeoutMs: 1_500,
  };
  return { sandbox, double, publicKey, secretKey, settings };
}

/** Gives `user` an active Mondial Relay place to send parcels from (relay point 10001). */
export async function addSendingPlace(t: TestServer, user: DemoUser = 'vendor'): Promise<void> {
  await t.client(DeliveryPlaceService, user).create({
    deliveryPlace: {
      deliveryService: 1,
      deliveryServiceId: '10001',
      deliveryPlaceName: 'Tabac Presse Rivoli',
      isActive: true,
      order: 1,
    },
  });
}

/** Writes `bytes` to a fresh temporary `.pdf` file and answers its path. */
export function savedPdf(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'seconde-pdf-')), 'document.pdf');
  writeFileSync(file, bytes);
  return file;
}

/** The PDF's text as pdftotext reads it, layout kept. */
export function pdfText(bytes: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', savedPdf(bytes), '-'], { encoding: 'utf8' });
}
