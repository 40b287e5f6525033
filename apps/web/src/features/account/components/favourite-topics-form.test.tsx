import '../../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../../test/fixtures.ts';
import { type ApiRequest, renderApp } from '../../../test/render-app.tsx';

const catalogue = Array.from({ length: 32 }, (_, index) => ({
  id: index + 1,
  nameAr: `موضوع ${index + 1}`,
  nameEn: `Topic ${index + 1}`,
}));

function topicsApi(mine: number[], onPatch?: (request: ApiRequest) => Response) {
  return (request: ApiRequest) => {
    if (request.path === '/api/v1/topic/list') {
      return json(200, { list: catalogue });
    }
    if (request.path === '/api/v1/topic/of/user') {
      if (request.method === 'PATCH') {
        return onPatch?.(request);
      }
      return json(200, { list: catalogue.filter((topic) => mine.includes(topic.id)) });
    }
    return undefined;
  };
}

describe('favourite topics', { timeout: 20_000 }, () => {
  it('picks topics and saves them all at once', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: '/s/settings?tab=topics',
      user: { role: Role.Student },
      api: topicsApi([2], ({ body }) =>
        json(200, {
          list: catalogue.filter((topic) => (body as { topicIds: number[] }).topicIds.includes(topic.id)),
        }),
      ),
    });
    const two = await screen.findByRole('button', { name: /موضوع 2 Topic 2/ });
    expect(two).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('اخترت ١ من ٣٠')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'حفظ المواضيع' });
    expect(save).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'ابحث في المواضيع' }), 'Topic 5');
    await user.click(screen.getByRole('button', { name: /موضوع 5 Topic 5/ }));
    expect(screen.queryByRole('button', { name: /موضوع 2 Topic 2/ })).not.toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText('تم حفظ مواضيعك المفضلة.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ topicIds: [2, 5] });
  });

  it('stops at 30 topics and shows a refusal in Arabic', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/s/settings?tab=topics',
      user: { role: Role.Student },
      api: topicsApi(
        catalogue.slice(0, 29).map((topic) => topic.id),
        () => apiError(400, 'topics-max-exceeded'),
      ),
    });
    await user.click(await screen.findByRole('button', { name: /موضوع 30 Topic 30/ }));
    expect(screen.getByText(/وصلت إلى الحد الأقصى/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /موضوع 31 Topic 31/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'حفظ المواضيع' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('يمكنك اختيار ٣٠ موضوعًا على الأكثر.')).toBeInTheDocument();
  });
});
