import './entry-styles';
import { createRoot } from 'react-dom/client';
import { ConsoleRoot } from './console-root';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(<ConsoleRoot />);
