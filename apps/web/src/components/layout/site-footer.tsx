import { formatNumber, messages, PageContainer, webMessages } from '@hiwar/ui';

export function SiteFooter() {
  const year = formatNumber(new Date().getFullYear(), { useGrouping: false });
  return (
    <footer className="border-t border-border py-6 text-sm text-muted-foreground">
      <PageContainer>
        © {year} {messages.app.name}. {webMessages.footer.rights}
      </PageContainer>
    </footer>
  );
}
