/**
 * runtime/code-call-arguments.ts: what program text passes to the calls that open files and run
 * programs. The corpus (hidden-intent/computed-names) judges whole command lines; this file pins the
 * reading itself: which arguments are hidden, which are worked out, and the bounds.
 */
import { describe, expect, it } from "vitest";
import { callArguments } from "../../runtime/code-call-arguments";

describe("callArguments", () => {
  it.each([
    ["open(chr(46) + 'env')", "chr("],
    ["p = ''.join(['.e', 'nv'])\nq = p\nprint(open(q).read())", "''.join("],
    ["fs.readFileSync(Buffer.from('LmVudg==', 'base64').toString())", "Buffer.from('LmVudg==','base64'"],
    ["os.system(base64.b64decode(s).decode())", "b64decode("],
    ["File.read(46.chr + 'env')", ".chr"],
    ["open(F, chr(46) . 'env')", "chr("],
    ["open('%cenv' % 46)", "%c"],
    ["open('vne.'[::-1])", "[::-1]"],
    ["exec(zlib.decompress(blob))", "decompress("],
  ])("%s hides its argument (%s)", (code, form) => {
    expect(callArguments(code).hidden).toBe(form);
  });

  it("works out arguments built from literals and variables bound to literals", () => {
    expect(callArguments("a = '.e'\nb = a + 'nv'\nopen(b)").values).toEqual([".env"]);
    expect(callArguments("d = '~/.aws'\nopen(f'{d}/credentials')").values).toEqual(["~/.aws/credentials"]);
    expect(callArguments("x = os.path.join('.', 'secrets.json')\nopen(x)").values).toEqual(["./secrets.json"]);
    expect(callArguments("c = 'ca'\nos.system(c + 't .env')").commands).toEqual(["cat .env"]);
    expect(callArguments("cmd = ['rm', '-rf', h]\nh = '~'\nsubprocess.run(cmd)").commands).toEqual([]);
  });

  it("leaves data, plain literals and unknown values alone", () => {
    expect(callArguments("open('out.bin', 'wb').write(base64.b64decode(sys.stdin.read()))")).toEqual({ values: [], commands: [] });
    expect(callArguments("print(open('README.md').read())")).toEqual({ values: [], commands: [] });
    expect(callArguments("for f in glob.glob('*.md'):\n    print(open(f).read())")).toEqual({ values: [], commands: [] });
    expect(callArguments("print(base64.b64decode('aGk='))")).toEqual({ values: [], commands: [] });
  });

  it("follows a variable at most four assignments deep", () => {
    const chain = (n: number): string => ["a0 = chr(46)", ...Array.from({ length: n }, (_, i) => `a${i + 1} = a${i}`), `open(a${n})`].join("\n");
    expect(callArguments(chain(3)).hidden).toBe("chr(");
    expect(callArguments(chain(8)).hidden).toBeUndefined();
  });

  it("reads no program text over 1 MiB; past 4 KiB of an argument or a value, a hiding form anywhere counts", () => {
    expect(callArguments(`${" ".repeat(1024 * 1024)}open(chr(46))`)).toEqual({ values: [], commands: [] });
    expect(callArguments(`open(${"x + ".repeat(2000)}chr(46))`).hidden).toBe("chr(");
    expect(callArguments(`p = ${"x + ".repeat(2000)}chr(46)\nopen(p)`).hidden).toBe("chr(");
    expect(callArguments(`open(${"x + ".repeat(2000)}y)`).hidden).toBeUndefined();
    expect(callArguments(`print(\`cat ${"x".repeat(5000)}#{[46].pack("c")}\`)`, true).hidden).toBe(".pack");
  });
});
