import { coreEn } from './areas/core.en.ts';
import { coreFr } from './areas/core.fr.ts';
import { formsEn } from './areas/forms.en.ts';
import { formsFr } from './areas/forms.fr.ts';
import { newDepositEn } from './areas/newDeposit.en.ts';
import { newDepositFr } from './areas/newDeposit.fr.ts';
import { routingEn } from './areas/routing.en.ts';
import { routingFr } from './areas/routing.fr.ts';
import { shellEn } from './areas/shell.en.ts';
import { shellFr } from './areas/shell.fr.ts';

/**
 * The texts of the public deposit page, its own light entry: the shell's, the page titles, the
 * forms' and the flow's, in both languages, and none of the signed-in areas'.
 */
export const publicDepositTexts = {
  fr: { ...coreFr, ...routingFr, ...shellFr, ...formsFr, ...newDepositFr },
  en: { ...coreEn, ...routingEn, ...shellEn, ...formsEn, ...newDepositEn },
};
