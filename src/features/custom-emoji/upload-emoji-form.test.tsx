// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { UploadEmojiForm } from './upload-emoji-form';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 0 });

const REASON = 'The file is labelled PNG but its contents are SVG. Choose the image itself.';

describe('UploadEmojiForm', () => {
  it('shows the console’s refusal of the image on the image field', async () => {
    env.server.use(
      http.post('*/bff/svc/realm/emoji/:name', () =>
        HttpResponse.json({ result: 'error', code: 'INVALID_PARAMS', msg: REASON, field: 'file' }, { status: 400 }),
      ),
    );
    const view = renderWithProviders(<UploadEmojiForm />);
    await view.user.type(screen.getByLabelText('Emoji name'), 'sneaky');
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'sneaky.png', { type: 'image/png' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await view.user.upload(input, svg);
    await view.user.click(screen.getByRole('button', { name: 'Upload emoji' }));
    const field = screen.getByRole('button', { name: /Image/ });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    const errorId = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).find((i) => i.endsWith('-error'))!;
    expect(document.getElementById(errorId)).toHaveTextContent(REASON);
    // Said once, on the field: not again in a general alert.
    expect(screen.queryByText('The server refused')).toBeNull();
  });
});
