import { LEAD_SOURCES } from '@hiwar/domain';
import { checkoutMessages, landingMessages, siteMessages } from '@hiwar/ui';
import type { ReactElement } from 'react';
import { ContactPage } from '../pages/contact-page.tsx';
import { FaqPage } from '../pages/faq-page.tsx';
import { HomePage } from '../pages/home-page.tsx';
import { LegalPage } from '../pages/legal-page.tsx';
import { MethodPage } from '../pages/method-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { PricingPage } from '../pages/pricing-page.tsx';
import { TutorPage } from '../pages/tutor-page.tsx';
import { tutorPay } from './platform-figures.ts';

const meta = landingMessages.meta;
const site = siteMessages.meta;

export interface SitePage {
  /** Where it is served, without a trailing slash (`/` for home). */
  path: string;
  title: string;
  description: string;
  render: () => ReactElement;
}

/** Every public page of the marketing site (spec §1), each prerendered to static HTML. */
export const SITE_PAGES: readonly SitePage[] = [
  { path: '/', title: meta.homeTitle, description: meta.homeDescription, render: () => <HomePage /> },
  {
    path: '/tutor',
    title: site.tutorTitle,
    description: site.tutorDescription(tutorPay().perHour),
    render: () => <TutorPage />,
  },
  {
    path: '/pricing',
    title: checkoutMessages.pricing.metaTitle,
    description: checkoutMessages.pricing.metaDescription,
    render: () => <PricingPage />,
  },
  {
    path: '/method',
    title: site.methodTitle,
    description: site.methodDescription,
    render: () => <MethodPage />,
  },
  {
    path: '/faq',
    title: site.faqTitle,
    description: site.faqDescription,
    render: () => <FaqPage audience="all" />,
  },
  {
    path: '/faq/student',
    title: site.faqStudentTitle,
    description: site.faqStudentDescription,
    render: () => <FaqPage audience="student" />,
  },
  {
    path: '/faq/tutor',
    title: site.faqTutorTitle,
    description: site.faqTutorDescription,
    render: () => <FaqPage audience="tutor" />,
  },
  {
    path: '/contact',
    title: site.contactTitle,
    description: site.contactDescription,
    render: () => <ContactPage />,
  },
  {
    path: '/terms',
    title: site.termsTitle,
    description: site.termsDescription,
    render: () => <LegalPage content={siteMessages.terms} />,
  },
  {
    path: '/privacy',
    title: site.privacyTitle,
    description: site.privacyDescription,
    render: () => <LegalPage content={siteMessages.privacy} />,
  },
];

/** Answered with status 404 for any other path; kept out of search results. */
export const NOT_FOUND_PAGE: SitePage = {
  path: '/404',
  title: meta.notFoundTitle,
  description: meta.notFoundDescription,
  render: () => <NotFoundPage />,
};

/**
 * `/url/{name}`: the marketing links shared on WhatsApp and social media. Each leads to the web app's
 * student sign-up with its name as `?source=`; the web app keeps it until the account is made, and it
 * is stored on the user (`users.lead_source`) for staff to see. Any other name goes to the web app's
 * home page (`leadSourceRedirect`), and the landing server counts the visit for staff (issue 27).
 */
export function leadSourceRedirects(webUrl: string): Record<string, string> {
  return Object.fromEntries(
    LEAD_SOURCES.map((source) => [`/url/${source}`, `${webUrl}/register/student?source=${source}`]),
  );
}

/**
 * Where a path under `/url/` leads: a known lead source's sign-up (in any letter case: `/url/SFB`),
 * else the web app's home page, never the 404 page. Null for any other path. The landing server
 * (apps/server/src/static/landing-site.ts) answers the same for the built site.
 */
export function leadSourceRedirect(webUrl: string, pathname: string): string | null {
  const match = /^\/url\/(.+?)\/*$/.exec(pathname);
  if (!match) {
    return null;
  }
  const name = (match[1] as string).toLowerCase();
  const known = leadSourceRedirects(webUrl)[`/url/${name}`];
  return known ?? `${webUrl}/`;
}
