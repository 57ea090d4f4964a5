/**
 * Just enough of the zip format for an xlsx package: read the entries of an uncompressed archive
 * (the workbook exceljs writes with compression STORE) and write an archive whose entries are
 * compressed by the platform's own deflate (CompressionStream), fed chunk by chunk. The native
 * deflate is several times faster than a JavaScript one on a sheet of tens of megabytes.
 */

export interface StoredEntry {
  readonly name: string;
  readonly data: Uint8Array;
  readonly crc: number;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const STORE = 0;
const DEFLATE = 8;

/** Reads an archive whose entries are all stored (not compressed); refuses anything else. */
export function readStoredZip(bytes: Uint8Array): StoredEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== END_OF_CENTRAL) end--;
  if (end < 0) throw new Error('Not a zip archive');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries: StoredEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== CENTRAL_HEADER) throw new Error('Broken zip directory');
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (method !== STORE) throw new Error(`Zip entry ${name} is compressed`);
    const dataAt = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push({ name, crc, data: bytes.subarray(dataAt, dataAt + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of `data`, continuing from `crc` (0 to start). */
export function crc32(data: Uint8Array, crc = 0): number {
  let c = ~crc;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

interface WrittenEntry {
  readonly name: Uint8Array;
  readonly crc: number;
  readonly size: number;
  readonly compressedSize: number;
  readonly data: readonly Uint8Array[];
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

/** MS-DOS date and time fields of a wall-clock instant (UTC fields of `wallMs`). */
function dosDateTime(wallMs: number): { date: number; time: number } {
  const d = new Date(Math.max(wallMs, Date.UTC(1980, 0, 1)));
  return {
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
  };
}

const ignore = () => undefined;

/** One entry being written: its content given chunk by chunk, as it is made. */
export interface ZipEntryWriter {
  /** Compresses `chunk` (not kept): never waits, chunks are queued in order. */
  write(chunk: Uint8Array): void;
  /** Every chunk is in: the entry takes its place in the archive. */
  close(): Promise<void>;
  /** Drops the entry and what it compressed so far. */
  abort(reason?: unknown): void;
}

/**
 * Writes deflated entries, then the directory; `finish` gives the parts. Entries are compressed
 * as their chunks come and laid out only at the end, so one entry may be written over the whole
 * export while the others are added after it, in whatever order the archive lists them.
 */
export class ZipWriter {
  private readonly entries: WrittenEntry[] = [];
  private readonly stamp: { date: number; time: number };

  constructor(wallMs: number) {
    this.stamp = dosDateTime(wallMs);
  }

  /** Opens an entry to write chunk by chunk (see {@link ZipEntryWriter}). */
  open(name: string): ZipEntryWriter {
    const compressor = new CompressionStream('deflate-raw');
    const compressed = readAll(compressor.readable as ReadableStream<Uint8Array>);
    compressed.catch(ignore);
    const writer = compressor.writable.getWriter();
    let crc = 0;
    let size = 0;
    return {
      write: (chunk) => {
        crc = crc32(chunk, crc);
        size += chunk.length;
        writer.write(chunk as Uint8Array<ArrayBuffer>).catch(ignore);
      },
      close: async () => {
        await writer.close();
        const data = await compressed;
        const compressedSize = data.reduce((sum, part) => sum + part.length, 0);
        if (size > 0xffffffff) throw new Error('The spreadsheet is too large');
        this.entries.push({
          name: new TextEncoder().encode(name),
          crc,
          size,
          compressedSize,
          data,
        });
      },
      abort: (reason) => {
        writer.abort(reason).catch(ignore);
      },
    };
  }

  /** Adds an entry from its content, given whole or chunk by chunk (chunks are not kept). */
  async add(name: string, content: Iterable<Uint8Array> | AsyncIterable<Uint8Array>) {
    const entry = this.open(name);
    for await (const chunk of content) entry.write(chunk);
    await entry.close();
  }

  /**
   * The whole archive, as parts to hand to a Blob: the entries in `order` (by name; others after,
   * as added), then the directory.
   */
  finish(order: readonly string[] = []): Uint8Array[] {
    const rank = (entry: WrittenEntry) => {
      const at = order.indexOf(new TextDecoder().decode(entry.name));
      return at < 0 ? order.length : at;
    };
    const entries = this.entries
      .map((entry, added) => ({ entry, added, rank: rank(entry) }))
      .sort((a, b) => a.rank - b.rank || a.added - b.added)
      .map(({ entry }) => entry);
    const parts: Uint8Array[] = [];
    const offsets: number[] = [];
    let offset = 0;
    for (const entry of entries) {
      const header = this.header(LOCAL_HEADER, entry, 0);
      offsets.push(offset);
      parts.push(header, ...entry.data);
      offset += header.length + entry.compressedSize;
    }
    if (offset > 0xffffffff) throw new Error('The spreadsheet is too large');
    const directoryStart = offset;
    let directorySize = 0;
    entries.forEach((entry, i) => {
      const header = this.header(CENTRAL_HEADER, entry, offsets[i]!);
      parts.push(header);
      directorySize += header.length;
    });
    const end = new Uint8Array(22);
    const view = new DataView(end.buffer);
    view.setUint32(0, END_OF_CENTRAL, true);
    view.setUint16(8, entries.length, true);
    view.setUint16(10, entries.length, true);
    view.setUint32(12, directorySize, true);
    view.setUint32(16, directoryStart, true);
    parts.push(end);
    return parts;
  }

  private header(signature: number, entry: WrittenEntry, offset: number): Uint8Array {
    const central = signature === CENTRAL_HEADER;
    const fixed = central ? 46 : 30;
    const bytes = new Uint8Array(fixed + entry.name.length);
    const view = new DataView(bytes.buffer);
    view.setUint32(0, signature, true);
    // Central entries carry "version made by" before the common fields.
    const at = central ? 2 : 0;
    if (central) view.setUint16(4, 20, true);
    view.setUint16(4 + at, 20, true); // version needed: deflate
    view.setUint16(6 + at, 0, true); // flags
    view.setUint16(8 + at, DEFLATE, true);
    view.setUint16(10 + at, this.stamp.time, true);
    view.setUint16(12 + at, this.stamp.date, true);
    view.setUint32(14 + at, entry.crc, true);
    view.setUint32(18 + at, entry.compressedSize, true);
    view.setUint32(22 + at, entry.size, true);
    view.setUint16(26 + at, entry.name.length, true);
    // Extra field, comment, disk and attributes stay 0; central entries point at their data.
    if (central) view.setUint32(42, offset, true);
    bytes.set(entry.name, fixed);
    return bytes;
  }
}
