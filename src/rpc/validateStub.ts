import { create, createFileRegistry } from '@bufbuild/protobuf';
import type { GenFile } from '@bufbuild/protobuf/codegenv2';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';

/**
 * Stands in for `buf/validate/validate_pb` in the browser's bundles (vite.config.ts). The
 * contracts import that file only for the input limits written as options, which the server
 * checks; the browser never reads them, and the real file embeds a 70 KB descriptor. An empty
 * file of the same name is all the other descriptors need to resolve their imports.
 */
const proto = create(FileDescriptorProtoSchema, {
  name: 'buf/validate/validate.proto',
  package: 'buf.validate',
  syntax: 'proto2',
});

export const file_buf_validate_validate: GenFile = createFileRegistry(
  proto,
  () => undefined,
).getFile(proto.name)!;
