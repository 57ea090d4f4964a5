import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TransactionsActor } from './TransactionsView.tsx';

/** Links a sale to one of the vendor's items (searchable) and to one of their buyers. */
export function LinkDialog({ actor }: { actor: TransactionsActor }) {
  const { t } = useTranslation();
  const link = useSelector(actor, (s) => s.context.link);
  const choices = useSelector(actor, (s) => s.context.choices);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const saving = useSelector(actor, (s) => s.matches('savingLink'));
  const canSave = useSelector(actor, (s) => s.can({ type: 'transactions.saveLink' }));
  const refusal = useSelector(actor, (s) => (s.matches('linking') ? s.context.refusal : null));
  return (
    <Dialog
      isOpen={link !== null}
      title={t('transactions.linkTitle')}
      onClose={() => actor.send({ type: 'transactions.cancel' })}
    >
      <DialogBody>
        {refusal && (
          <Callout intent={Intent.DANGER} role="alert">
            {t(refusal.i18nKey)}
          </Callout>
        )}
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            const value = new FormData(e.currentTarget).get('search');
            actor.send({
              type: 'transactions.searchProducts',
              search: typeof value === 'string' ? value : '',
            });
          }}
        >
          <FormGroup label={t('transactions.linkProductSearch')} labelFor="link-search">
            <InputGroup
              id="link-search"
              name="search"
              type="search"
              defaultValue={link?.search ?? ''}
              rightElement={
                <Button minimal type="submit" icon="search" text={t('transactions.linkSearch')} />
              }
            />
          </FormGroup>
        </form>
        <FormGroup label={t('transactions.linkProduct')} labelFor="link-product">
          <HTMLSelect
            id="link-product"
            fill
            value={link?.product ?? ''}
            disabled={busy}
            onChange={(e) =>
              actor.send({
                type: 'transactions.pick',
                field: 'product',
                uuid: e.currentTarget.value,
              })
            }
            data-testid="link-product"
          >
            <option value="">{t('transactions.linkChooseProduct')}</option>
            {choices.products.map((p) => (
              <option key={p.uuid} value={p.uuid}>
                {p.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('transactions.linkBuyer')} labelFor="link-buyer">
          <HTMLSelect
            id="link-buyer"
            fill
            value={link?.buyer ?? ''}
            disabled={busy}
            onChange={(e) =>
              actor.send({ type: 'transactions.pick', field: 'buyer', uuid: e.currentTarget.value })
            }
            data-testid="link-buyer"
          >
            <option value="">{t('transactions.linkNoBuyer')}</option>
            {choices.buyers.map((b) => (
              <option key={b.uuid} value={b.uuid}>
                {b.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t('transactions.cancel')}
              onClick={() => actor.send({ type: 'transactions.cancel' })}
            />
            <Button
              intent={Intent.PRIMARY}
              text={t('transactions.linkSave')}
              loading={saving}
              disabled={!canSave}
              onClick={() => actor.send({ type: 'transactions.saveLink' })}
              data-testid="link-save"
            />
          </>
        }
      />
    </Dialog>
  );
}
