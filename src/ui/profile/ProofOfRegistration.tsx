import { Button, FileInput, FormGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROOF_ACCEPT } from '../../domain/company/proofFile.ts';
import { downloadProofOfRegistration } from '../../machines/company/companyLogic.ts';
import type { CompanyContext, ProofFile } from '../../machines/company/companyMachine.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { useAppServices } from '../app/servicesContext.ts';

type ErrorCode = CompanyContext['proofErrorCode'];

/**
 * The company's proof of registration (Kbis): its administrator chooses a file, which uploads at
 * once (`onUpload`); everyone who sees the company downloads the stored one.
 */
export function ProofOfRegistration({
  company,
  stored,
  onUpload,
  uploading = false,
  refusal = null,
  errorCode = null,
}: {
  company: string;
  stored: boolean;
  onUpload?: (file: ProofFile) => void;
  uploading?: boolean;
  refusal?: string | null;
  errorCode?: ErrorCode | null;
}) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<ErrorCode | null>(null);
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    setDownloadError(await downloadProofOfRegistration(clients, company));
    setDownloading(false);
  };
  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file || !onUpload) return;
    onUpload({
      data: new Uint8Array(await file.arrayBuffer()),
      contentType: file.type,
      filename: file.name,
    });
  };
  const error = refusal
    ? t(labelKey('company.error', refusal))
    : (errorCode ?? downloadError)
      ? t(`errors.${errorCode ?? downloadError}`)
      : undefined;
  return (
    <FormGroup
      label={t('company.proof')}
      labelFor={onUpload ? 'company-proof' : undefined}
      helperText={error ?? (onUpload ? t('company.proofHelp') : undefined)}
      intent={error ? Intent.DANGER : Intent.NONE}
    >
      {onUpload && (
        <FileInput
          text={uploading ? t('company.proofUploading') : t('company.proofChoose')}
          disabled={uploading}
          inputProps={{
            id: 'company-proof',
            accept: PROOF_ACCEPT,
            'aria-invalid': error !== undefined,
            // @ts-expect-error data attributes pass through to the input
            'data-testid': 'company-proof-input',
            onChange: (e) => void choose(e.currentTarget),
          }}
        />
      )}
      {stored ? (
        <Button
          icon="download"
          text={t('company.proofDownload')}
          loading={downloading}
          disabled={uploading}
          onClick={() => void download()}
          data-testid="company-proof-download"
        />
      ) : (
        !onUpload && <span data-testid="company-proof-none">{t('company.proofNone')}</span>
      )}
    </FormGroup>
  );
}
