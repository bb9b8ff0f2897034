# tomllib (Python 3.11+) over test/fixtures/toml-test/cases.json: valid accepted and
# invalid rejected per toml-test list, and the cases it judges otherwise (docs/toml.md).
#   python3 scripts/tomlTestTomllib.py test/fixtures/toml-test/cases.json
import json, base64, sys, tomllib
data = json.load(open(sys.argv[1]))
for version in ('1.0.0', '1.1.0'):
    va = vt = ir = it = 0; wrong = []
    for c in data['cases']:
        if version not in c['lists']: continue
        b = c['text'].encode('utf-8') if 'text' in c else base64.b64decode(c['base64'])
        try:
            tomllib.loads(b.decode('utf-8')); ok = True
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError):
            ok = False
        if c['valid']:
            vt += 1; va += ok
        else:
            it += 1; ir += not ok
        if ok != c['valid']: wrong.append(c['path'])
    print(version, f'valid accepted {va}/{vt}', f'invalid rejected {ir}/{it}', wrong)
