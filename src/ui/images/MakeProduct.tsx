import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface MakeProductButtonProps {
  readonly testId: string;
  /** Already translated: how many photos become the product. */
  readonly text: string;
  readonly busy: boolean;
  readonly disabled: boolean;
  readonly onClick: () => void;
}

/** "Make a product" from photos (a selection or a group): the main action of a photo section. */
export function MakeProductButton({
  testId,
  text,
  busy,
  disabled,
  onClick,
}: MakeProductButtonProps) {
  return (
    <Button
      intent="primary"
      icon="add"
      loading={busy}
      disabled={disabled}
      data-testid={testId}
      text={text}
      onClick={onClick}
    />
  );
}

/** The product just made from photos, said with a link to open it. */
export function ProductMade({
  testId,
  text,
  product,
}: {
  testId: string;
  text: string;
  product: string;
}) {
  const { t } = useTranslation();
  return (
    <Callout intent="success" data-testid={testId}>
      {text} <Link to={`/product/${product}`}>{t('photos.openProduct')}</Link>
    </Callout>
  );
}
