import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { useLocation, useParams } from 'react-router-dom';
import { notify } from '../toast/notify';
import { renderWithProviders } from './render';

function UserPage() {
  const { id } = useParams();
  const location = useLocation();
  return (
    <p>
      utente {id} da {location.pathname}
      {location.search}
    </p>
  );
}

describe('renderWithProviders', () => {
  it('mounts the UI under a route pattern at the given URL', () => {
    renderWithProviders(<UserPage />, { route: '/registry/users/42?tab=dati', path: '/registry/users/:id' });
    expect(screen.getByText('utente 42 da /registry/users/42?tab=dati')).toBeInTheDocument();
  });

  it('starts at / without a route', () => {
    renderWithProviders(<UserPage />);
    expect(screen.getByText(/da \/$/)).toBeInTheDocument();
  });

  it('gives a QueryClient that does not retry', async () => {
    const queryFn = jest.fn(() => Promise.reject(new Error('giù')));
    function Failing() {
      const q = useQuery({ queryKey: ['x'], queryFn });
      return <p>{q.isError ? 'errore' : 'attesa'}</p>;
    }
    const { queryClient } = renderWithProviders(<Failing />);
    expect(await screen.findByText('errore')).toBeInTheDocument();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['x'])?.status).toBe('error');
  });

  it('shows toasts', async () => {
    renderWithProviders(<p>pagina</p>);
    act(() => {
      notify.success('Fatto!');
    });
    expect(await screen.findByText('Fatto!')).toBeInTheDocument();
  });
});
