import { CopyButton, checkoutMessages, formatDateTime, formatMoney, useToast } from '@hiwar/ui';
import { ExternalLink, FlaskConical, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAppConfig } from '../../../lib/app-config.tsx';
import { useNow } from '../hooks/use-now.ts';

const text = checkoutMessages.fawry;

/** `1234 5678 9`: groups of four so the number is easy to read out at the counter. */
export function groupReference(reference: string): string {
  return reference.replace(/\s+/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Fawry sandbox's payer pages, offered only outside production (local, staging). */
function useSandboxPage(path: string): string | null {
  const { appServer, apiUrl, webUrl } = useAppConfig();
  if (appServer === 'production') {
    return null;
  }
  return `${(apiUrl || webUrl).replace(/\/+$/, '')}/fawry-sandbox${path}`;
}

function SandboxLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-xl border border-dashed border-warning/50 bg-warning-soft/50 p-3 text-sm">
      <FlaskConical aria-hidden="true" className="size-4 text-warning" />
      <span className="font-semibold text-foreground">{checkoutMessages.checkout.sandbox.title}:</span>
      <a href={href} className="inline-flex items-center gap-1 font-semibold text-brand hover:underline">
        {children}
        <ExternalLink aria-hidden="true" className="size-3.5" />
      </a>
    </p>
  );
}

/** Time left before `expiresAt`, or that it passed. */
function Expiry({ expiresAt }: { expiresAt: string }) {
  const now = useNow(1000);
  const secondsLeft = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{text.expiresLabel}</dt>
      <dd className="font-semibold text-foreground">{formatDateTime(expiresAt)}</dd>
      <dd
        className={
          secondsLeft > 0 ? 'text-sm font-semibold text-warning' : 'text-sm font-semibold text-danger'
        }
      >
        {secondsLeft > 0 ? text.expiresIn(checkoutMessages.timeLeft(secondsLeft)) : text.expired}
      </dd>
    </div>
  );
}

export interface FawryReferenceDetailsProps {
  referenceNumber: string;
  amount: number;
  expiresAt: string | null;
  /** The last step, when the payment starts no subscription (the trial lesson's). */
  lastStep?: string;
}

/**
 * Paying cash at Fawry: the reference number shown big (grouped, copyable), the amount, the deadline
 * with a live countdown, and the steps at the counter.
 */
export function FawryReferenceDetails({
  referenceNumber,
  amount,
  expiresAt,
  lastStep,
}: FawryReferenceDetailsProps) {
  const steps = lastStep ? [...text.steps.slice(0, -1), lastStep] : text.steps;
  const { toast } = useToast();
  const sandbox = useSandboxPage(`/emu/pay/${encodeURIComponent(referenceNumber)}`);
  return (
    <div className="flex flex-col gap-5">
      <h3 className="text-lg font-bold text-foreground">{text.title}</h3>
      <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-brand/40 bg-brand-soft/40 p-5 text-center">
        <p className="text-sm font-semibold text-muted-foreground">{text.referenceLabel}</p>
        <p
          dir="ltr"
          data-testid="fawry-reference"
          className="font-mono text-3xl font-bold tracking-wider text-foreground tabular-nums sm:text-4xl"
        >
          {groupReference(referenceNumber)}
        </p>
        <CopyButton
          text={referenceNumber}
          label={text.copy}
          copiedLabel={text.copied}
          onCopied={() => toast({ id: 'fawry-reference-copied', type: 'success', title: text.copied })}
        />
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted-foreground">{text.amountLabel}</dt>
          <dd className="text-2xl font-bold text-foreground">{formatMoney(amount)}</dd>
        </div>
        {expiresAt ? <Expiry expiresAt={expiresAt} /> : null}
      </dl>
      <div>
        <h4 className="font-semibold text-foreground">{text.stepsTitle}</h4>
        <ol className="mt-2 flex flex-col gap-2">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-3 text-sm text-foreground/90">
              <span
                aria-hidden="true"
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand text-xs font-bold text-brand-foreground"
              >
                {new Intl.NumberFormat('ar-EG').format(index + 1)}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </div>
      <p className="text-sm text-muted-foreground">{text.later}</p>
      {sandbox ? (
        <SandboxLink href={sandbox}>{checkoutMessages.checkout.sandbox.payReference}</SandboxLink>
      ) : null}
    </div>
  );
}

export interface WalletRequestDetailsProps {
  phone: string | null;
  referenceNumber: string | null;
  walletQr: string | null;
  amount: number;
  expiresAt: string | null;
}

/** Paying from a mobile wallet: approve the request in the wallet app (or scan the QR code), with the deadline. */
export function WalletRequestDetails({
  phone,
  referenceNumber,
  walletQr,
  amount,
  expiresAt,
}: WalletRequestDetailsProps) {
  const wallet = checkoutMessages.wallet;
  const sandbox = useSandboxPage(`/emu/wallet/${encodeURIComponent(referenceNumber ?? '')}`);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-soft-foreground"
        >
          <Smartphone className="size-5" />
        </span>
        <div>
          <h3 className="text-lg font-bold text-foreground">{phone ? wallet.sentTitle : wallet.qrTitle}</h3>
          {phone ? <p className="text-muted-foreground">{wallet.sentText(phone)}</p> : null}
        </div>
      </div>
      {walletQr && !phone ? (
        <img
          src={walletQr.startsWith('data:') ? walletQr : `data:image/png;base64,${walletQr}`}
          alt={wallet.qrAlt}
          className="mx-auto size-48 rounded-xl border border-border bg-white p-2"
        />
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted-foreground">{text.amountLabel}</dt>
          <dd className="text-2xl font-bold text-foreground">{formatMoney(amount)}</dd>
        </div>
        {expiresAt ? <Expiry expiresAt={expiresAt} /> : null}
      </dl>
      {sandbox && referenceNumber ? (
        <SandboxLink href={sandbox}>{checkoutMessages.checkout.sandbox.approveWallet}</SandboxLink>
      ) : null}
    </div>
  );
}
