import { useFeatureT } from '../../i18n';
import { guideMessages } from './guide-messages';

/** The set-up guide's words, for each of its parts. */
export const useGuideT = () => useFeatureT(guideMessages);
