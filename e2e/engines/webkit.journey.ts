import { engineJourneys } from './journeys';
import { launchWebKit } from './webkit';
import { baseUrl, webKitDriverPort } from './served';

engineJourneys('webkit', () => launchWebKit(baseUrl(), webKitDriverPort()));
