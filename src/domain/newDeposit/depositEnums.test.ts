import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { DepositSchema, Gamme, Season } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { criteriaOfDeposit, fromEnum, toEnum } from './depositEnums.ts';

describe('form labels and contract enums', () => {
  it('go both ways, with 0 for unset', () => {
    expect(toEnum(Gamme, 'LUXURY')).toBe(Gamme.LUXURY);
    expect(toEnum(Gamme, '')).toBe(0);
    expect(toEnum(Gamme, 'NOPE')).toBe(0);
    expect(fromEnum(Gamme, Gamme.LUXURY)).toBe('LUXURY');
    expect(fromEnum(Gamme, 0, '?')).toBe('');
    expect(fromEnum(Gamme, 99)).toBe('');
    expect(fromEnum(Gamme, 99, '?')).toBe('?');
  });

  it('read a draft leniently for the browser and strictly for the server', () => {
    const deposit = create(DepositSchema, {
      gamme: 99 as Gamme,
      seasons: [Season.WINTER, 0, 42 as Season],
      productNumber: 0,
      categories: ['c'],
    });
    expect(criteriaOfDeposit(deposit, 'read')).toMatchObject({
      gamme: '',
      seasons: ['WINTER'],
      productNumber: null,
      categories: ['c'],
    });
    expect(criteriaOfDeposit(deposit, 'check')).toMatchObject({
      gamme: '?',
      seasons: ['WINTER', '', '?'],
      productNumber: null,
    });
  });
});
