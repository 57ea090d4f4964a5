import type {
  ContactFields,
  CriteriaFields,
  InfoFields,
} from '../../domain/newDeposit/depositForm.ts';
import {
  EMPTY_CONTACT,
  EMPTY_CRITERIA,
  EMPTY_INFO,
  type ReferenceLists,
  type Restored,
  type Saved,
} from './newDepositTypes.ts';

/** Realistic form values for the machine tests. */
export const TOKEN = 'A'.repeat(43);
export const CUSTOMER = '3f0c1a52-6f5e-4f7e-9d7e-1f2a3b4c5d6e';
export const DRAFT = { uuid: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', rowVersion: 2 };
export const DRESSES = '11111111-1111-4111-8111-111111111111';
export const SHIRTS = '22222222-2222-4222-8222-222222222222';

export const CONTACT: ContactFields = {
  firstName: 'Léa',
  lastName: 'Martin',
  email: 'lea.martin@exemple.fr',
  phoneNumber: '0612345678',
  preferedContactWay: 'PHONE_CALL',
  timeBeforeContact: 'NOW',
};

export const CRITERIA: CriteriaFields = {
  family: 'WOMAN',
  gamme: 'AVERAGE',
  seasons: ['WINTER'],
  categories: [DRESSES],
  brands: [],
  productNumber: 25,
  ageRange: 'ADULT_25_45',
  preparationStatus: 'NOT_SORTED',
  sellingMode: 'DEPOSIT_SELL',
};

export const INFO: InfoFields = {
  address: {
    country: '',
    street: '8 Rue de la Paix',
    complement: '',
    city: 'Paris',
    postalCode: '75002',
    latitude: 48.869,
    longitude: 2.331,
  },
  depositRecovery: 'GET_HOME',
  acceptHomeTakeAway: true,
  acceptSendPostal: false,
  description: '',
};

export const LISTS: ReferenceLists = {
  categories: [
    { uuid: DRESSES, name: 'Robes', family: 'WOMAN' },
    { uuid: SHIRTS, name: 'Chemises', family: 'MAN' },
  ],
  brands: [{ uuid: '33333333-3333-4333-8333-333333333333', name: 'Zara', family: '' }],
};

export const FRESH: Restored = {
  token: TOKEN,
  customerUuid: null,
  draft: null,
  contact: EMPTY_CONTACT,
  criteria: EMPTY_CRITERIA,
  info: EMPTY_INFO,
  addressPicked: false,
  addressManual: false,
  reached: 'contact',
};

/** A visitor who came back after the criteria step. */
export const RESUMED: Restored = {
  token: TOKEN,
  customerUuid: CUSTOMER,
  draft: DRAFT,
  contact: CONTACT,
  criteria: CRITERIA,
  info: INFO,
  addressPicked: true,
  addressManual: false,
  reached: 'info',
};

export const SAVED: Saved = { customerUuid: CUSTOMER, alreadyExisting: false, draft: DRAFT };
