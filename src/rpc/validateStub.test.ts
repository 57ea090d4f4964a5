import { toBinary } from '@bufbuild/protobuf';
import { fileDesc } from '@bufbuild/protobuf/codegenv2';
import { base64Encode } from '@bufbuild/protobuf/wire';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';
import { describe, expect, it } from 'vitest';
import { file_buf_validate_validate } from './gen/buf/validate/validate_pb.ts';
import { file_seconde_v1_deposit } from './gen/seconde/v1/deposit_pb.ts';
import { file_buf_validate_validate as stub } from './validateStub.ts';

const shape = (file: typeof file_seconde_v1_deposit) => ({
  messages: file.messages.map((m) => [m.typeName, m.fields.map((f) => `${f.name}:${f.fieldKind}`)]),
  enums: file.enums.map((e) => [e.typeName, e.values.map((v) => v.name)]),
  services: file.services.map((s) => [s.typeName, s.methods.map((m) => m.name)]),
});

describe('the browser stand-in for the validation options file', () => {
  it('has the real file’s name and none of its types', () => {
    expect(stub.proto.name).toBe(file_buf_validate_validate.proto.name);
    expect(stub.messages).toHaveLength(0);
    expect(file_buf_validate_validate.messages.length).toBeGreaterThan(10);
  });

  it('lets a contract hydrate to the same messages, enums and services', () => {
    const real = file_seconde_v1_deposit;
    const imports = real.dependencies.map((file) =>
      file.proto.name === stub.proto.name ? stub : file,
    );
    expect(imports).toContain(stub);
    const bytes = toBinary(FileDescriptorProtoSchema, real.proto);
    const again = fileDesc(base64Encode(bytes), imports);
    expect(shape(again)).toEqual(shape(real));
  });
});
