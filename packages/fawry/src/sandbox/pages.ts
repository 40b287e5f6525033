import { SANDBOX_TEST_CARDS, SANDBOX_TEST_CVVS } from './cards.ts';
import type { SandboxCard, SandboxOrder, SandboxOrderStatus } from './model.ts';

/**
 * The payer's pages, server-rendered: Arabic, right-to-left, inline CSS, every value escaped, clearly
 * marked as the Fawry sandbox. No X-Frame-Options: the tokenization page is shown in an iframe.
 */

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STATUS_LABELS: Readonly<Record<SandboxOrderStatus, string>> = {
  NEW: 'بانتظار الدفع',
  UNPAID: 'بانتظار الدفع',
  PAID: 'مدفوع',
  CANCELED: 'ملغي',
  EXPIRED: 'منتهي الصلاحية',
  FAILED: 'فشل الدفع',
  REFUNDED: 'مسترد',
  PARTIAL_REFUNDED: 'مسترد جزئيًا',
};

const METHOD_LABELS: Readonly<Record<SandboxOrder['kind'], string>> = {
  PAYATFAWRY: 'رقم مرجعي (الدفع في فوري)',
  CARD: 'بطاقة',
  MWALLET: 'محفظة إلكترونية',
};

export function formatEgp(piasters: number): string {
  return new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP' }).format(piasters / 100);
}

export function formatCairoTime(epochMs: number): string {
  return new Intl.DateTimeFormat('ar-EG', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Africa/Cairo',
  }).format(new Date(epochMs));
}

/** 951234567 → "951 234 567", as cashiers read it. */
export function groupReferenceNumber(reference: string): string {
  return reference.replace(/(\d{3})(?=\d)/g, '$1 ');
}

const CSS = `
*{box-sizing:border-box}body{margin:0;font-family:"Cairo","Segoe UI",Tahoma,sans-serif;background:#f4f6f8;color:#1f2933;line-height:1.7}
.banner{background:#fff3cd;color:#7a5b00;border-bottom:1px solid #f0d98c;padding:.5rem 1rem;text-align:center;font-weight:700}
main{max-width:34rem;margin:1.5rem auto;padding:0 1rem}.card{background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002;padding:1.5rem}
h1{font-size:1.35rem;margin:0 0 1rem;color:#0b4a8b}.logo{font-weight:800;color:#f5a800;letter-spacing:.02em}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;padding:.6rem .75rem;border:1px solid #c6ccd2;border-radius:8px;font-size:1rem}
input.ltr,.ltr{direction:ltr;text-align:left}.row{display:flex;gap:.75rem}.row>div{flex:1}
button{cursor:pointer;border:0;border-radius:8px;padding:.7rem 1.2rem;font-size:1rem;font-weight:700;font-family:inherit}
.primary{background:#0b4a8b;color:#fff}.danger{background:#c62828;color:#fff}.ghost{background:#e4e7eb;color:#1f2933}
.actions{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}.error{background:#fdecea;color:#8a1c1c;padding:.6rem .8rem;border-radius:8px;margin-bottom:.75rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0}dt{color:#52606d}dd{margin:0;font-weight:600}
.ref{font-size:2rem;font-weight:800;letter-spacing:.08em;text-align:center;margin:1rem 0;direction:ltr}
.hint{color:#52606d;font-size:.85rem;margin-top:1rem}table{width:100%;border-collapse:collapse;font-size:.9rem}
td,th{padding:.4rem;border-bottom:1px solid #e4e7eb;text-align:start}a{color:#0b4a8b}
`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ar-EG" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — بيئة تجريبية لفوري</title>
<style>${CSS}</style>
</head>
<body>
<div class="banner" role="note">بيئة تجريبية لفوري — لا تُدخل بيانات بطاقة حقيقية، ولا تُنقل أي أموال</div>
<main><div class="card">
<p class="logo">fawry · فوري</p>
<h1>${escapeHtml(title)}</h1>
${body}
</div></main>
</body>
</html>`;
}

function orderSummary(order: SandboxOrder): string {
  return `<dl>
<dt>الطلب</dt><dd>${escapeHtml(order.description)}</dd>
<dt>المبلغ</dt><dd>${escapeHtml(formatEgp(order.paymentAmountPiasters))}</dd>
<dt>رقم الطلب لدى فوري</dt><dd class="ltr">${escapeHtml(order.fawryRefNumber)}</dd>
<dt>الحالة</dt><dd>${escapeHtml(STATUS_LABELS[order.status])}</dd>
</dl>`;
}

export interface TokenizationForm {
  accNo: string;
  customerProfileId: string;
  returnUrl: string;
  locale: string;
  cardHolderName?: string;
  error?: string;
}

/** §3.8 the hosted "add a card" page (card number, expiry, CVV, holder name). */
export function tokenizationPage(form: TokenizationForm): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return layout(
    'إضافة بطاقة',
    `${form.error ? `<div class="error" role="alert">${escapeHtml(form.error)}</div>` : ''}
<form method="post" autocomplete="off">
${hidden('accNo', form.accNo)}${hidden('customerProfileId', form.customerProfileId)}${hidden('returnUrl', form.returnUrl)}${hidden('locale', form.locale)}
<label for="cardNumber">رقم البطاقة</label>
<input id="cardNumber" name="cardNumber" class="ltr" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
<div class="row">
<div><label for="expiry">تاريخ الانتهاء (شهر/سنة)</label>
<input id="expiry" name="expiry" class="ltr" inputmode="numeric" autocomplete="cc-exp" required placeholder="MM/YY"></div>
<div><label for="cvv">رمز الأمان (CVV)</label>
<input id="cvv" name="cvv" class="ltr" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123"></div>
</div>
<label for="cardHolderName">اسم حامل البطاقة</label>
<input id="cardHolderName" name="cardHolderName" autocomplete="cc-name" required value="${escapeHtml(form.cardHolderName ?? '')}">
<div class="actions"><button class="primary" type="submit">حفظ البطاقة</button></div>
</form>
<p class="hint">بطاقات تجريبية: <span class="ltr">${SANDBOX_TEST_CARDS.visa}</span> و<span class="ltr">${SANDBOX_TEST_CARDS.mastercard}</span> (موافقة)،
<span class="ltr">${SANDBOX_TEST_CARDS.declined}</span> (رفض عند التحقق)، <span class="ltr">${SANDBOX_TEST_CARDS.insufficientFunds}</span> (رصيد غير كافٍ)،
<span class="ltr">${SANDBOX_TEST_CARDS.frictionless}</span> (موافقة فورية دون تحقق)،
<span class="ltr">${SANDBOX_TEST_CARDS.refusedAtTokenization}</span> (بطاقة غير صالحة). أي تاريخ انتهاء مستقبلي.</p>`,
  );
}

/** The 3-D Secure page of a card charge: approve or decline. */
export function threeDsPage(order: SandboxOrder, card: SandboxCard | undefined): string {
  if (order.status !== 'NEW') {
    return resultPage(
      'التحقق الآمن',
      `تمت معالجة هذه العملية من قبل: ${STATUS_LABELS[order.status]}.`,
      order,
    );
  }
  const masked = card ? `${card.brand} •••• ${card.lastFourDigits}` : 'بطاقة محفوظة';
  return layout(
    'التحقق الآمن (3-D Secure)',
    `<p>يطلب البنك المصدر تأكيد هذه العملية.</p>
${orderSummary(order)}
<dl><dt>البطاقة</dt><dd class="ltr">${escapeHtml(masked)}</dd></dl>
<form method="post"><div class="actions">
<button class="primary" type="submit" name="decision" value="approve">موافقة</button>
<button class="danger" type="submit" name="decision" value="decline">رفض</button>
</div></form>
<p class="hint">رمز CVV ‏${SANDBOX_TEST_CVVS.declined} يرفض فورًا و${SANDBOX_TEST_CVVS.wrongCvv} يعني رمزًا خاطئًا (للاختبار فقط).</p>`,
  );
}

/** The wallet app's confirmation (R2P or after scanning the QR). */
export function walletPage(order: SandboxOrder): string {
  if (order.status !== 'UNPAID' && order.status !== 'NEW') {
    return resultPage('الدفع من المحفظة', `حالة الطلب: ${STATUS_LABELS[order.status]}.`, order);
  }
  const wallet = order.debitMobileWalletNo ?? order.customerMobile ?? '';
  return layout(
    'تأكيد الدفع من المحفظة',
    `${orderSummary(order)}
<dl><dt>رقم المحفظة</dt><dd class="ltr">${escapeHtml(wallet)}</dd>
<dt>صالح حتى</dt><dd>${escapeHtml(formatCairoTime(order.expiresAt))}</dd></dl>
<form method="post"><div class="actions"><button class="primary" type="submit">تأكيد الدفع</button></div></form>`,
  );
}

/** "Pay this reference number at a Fawry outlet". */
export function referencePage(order: SandboxOrder): string {
  if (order.status !== 'UNPAID' && order.status !== 'NEW') {
    return resultPage('الدفع في فوري', `حالة الرقم المرجعي: ${STATUS_LABELS[order.status]}.`, order);
  }
  return layout(
    'ادفع بالرقم المرجعي في أي منفذ فوري',
    `<p>أعطِ هذا الرقم لموظف فوري أو ادفعه من تطبيق myFawry:</p>
<p class="ref">${escapeHtml(groupReferenceNumber(order.fawryRefNumber))}</p>
<dl><dt>المبلغ المطلوب</dt><dd>${escapeHtml(formatEgp(order.paymentAmountPiasters))}</dd>
<dt>صالح حتى</dt><dd>${escapeHtml(formatCairoTime(order.expiresAt))}</dd>
<dt>الطلب</dt><dd>${escapeHtml(order.description)}</dd></dl>
<form method="post"><div class="actions"><button class="primary" type="submit">ادفع في منفذ فوري</button></div></form>
<p class="hint">في البيئة التجريبية يحاكي هذا الزر دفع المبلغ نقدًا في منفذ فوري.</p>`,
  );
}

export function resultPage(title: string, message: string, order?: SandboxOrder): string {
  return layout(title, `<p>${escapeHtml(message)}</p>${order ? orderSummary(order) : ''}`);
}

/** The sandbox's index: recent orders with links to the payer pages (for demos). */
export function homePage(orders: SandboxOrder[], base: string): string {
  const rows = orders
    .slice(0, 100)
    .map((order) => {
      const ref = encodeURIComponent(order.fawryRefNumber);
      const page =
        order.kind === 'PAYATFAWRY'
          ? `${base}/emu/pay/${ref}`
          : order.kind === 'MWALLET'
            ? `${base}/emu/wallet/${ref}`
            : `${base}/emu/3ds/${encodeURIComponent(order.merchantRefNum)}`;
      return `<tr><td class="ltr">${escapeHtml(order.merchantRefNum)}</td><td class="ltr">${escapeHtml(order.fawryRefNumber)}</td>
<td>${escapeHtml(METHOD_LABELS[order.kind])}</td><td>${escapeHtml(formatEgp(order.paymentAmountPiasters))}</td>
<td>${escapeHtml(STATUS_LABELS[order.status])}</td><td><a href="${escapeHtml(page)}">فتح</a></td></tr>`;
    })
    .join('\n');
  return layout(
    'طلبات البيئة التجريبية',
    orders.length === 0
      ? '<p>لا توجد طلبات بعد.</p>'
      : `<table><thead><tr><th>رقمنا</th><th>رقم فوري</th><th>الطريقة</th><th>المبلغ</th><th>الحالة</th><th></th></tr></thead>
<tbody>${rows}</tbody></table>`,
  );
}
