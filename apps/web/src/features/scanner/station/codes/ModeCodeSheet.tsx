import Printer from 'lucide-react/icons/printer';
import { useTranslation } from 'react-i18next';
import { Button, Card } from '../../../../ui';
import { MODE_ICONS } from '../../mode-icons';
import { modeCode, STATION_MODES } from '../mode-codes';
import { Code128 } from '../../../../ui/Code128';
import './codes.css';

/** The printable mode barcodes: stuck by the pantry door, a scan of one switches the station's mode. */
export default function ModeCodeSheet() {
  const { t } = useTranslation();
  return (
    <Card
      title={t('stationPairing.codesHeading')}
      titleId="mode-codes-heading"
      className="mode-code-sheet"
      actions={
        <Button icon={Printer} onClick={() => window.print()} className="mode-code-print">
          {t('stationPairing.print')}
        </Button>
      }
    >
      <p className="muted mode-code-hint">{t('stationPairing.codesHint')}</p>
      <ul className="mode-codes" data-testid="mode-codes">
        {STATION_MODES.map((mode) => {
          const Icon = MODE_ICONS[mode];
          const name = t(`scanner.mode.${mode}`);
          return (
            <li key={mode} className="mode-code">
              <span className="mode-code-name">
                <Icon aria-hidden="true" size={28} /> {name}
              </span>
              <Code128 value={modeCode(mode)} label={t('stationPairing.codeLabel', { mode: name })} className="mode-code-bars" />
              <code>{modeCode(mode)}</code>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
