import { engineJourneys } from './journeys';
import { launchFirefox } from './firefox';
import { baseUrl, engineBinaries } from './served';

engineJourneys('firefox', () => launchFirefox(baseUrl(), engineBinaries().firefox));
