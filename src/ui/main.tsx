import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { lessonSession } from './lessons/lessonStore';
import { installDebugHook } from './debugHook';
import { prepareIsolation } from './hosting/isolationGate';
import { I18nProvider } from './i18n/I18nProvider';
import './styles.css';

// A lesson link opens its step (view and settings) before the first paint.
lessonSession.start();
installDebugHook(window);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// On a host without isolation headers a first visit installs the service worker and reloads once before anything renders.
void prepareIsolation().then(() =>
  createRoot(root).render(
    <StrictMode>
      <I18nProvider>
        <App />
      </I18nProvider>
    </StrictMode>,
  ),
);
