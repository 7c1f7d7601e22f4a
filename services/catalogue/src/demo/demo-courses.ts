import type { DemoCourseSpec } from './build-demo-package.js';

/**
 * Demo courses built into SCORM packages from this source at seeding time.
 * Content is general awareness material written for the demo portal, in plain UK English.
 */

const manualHandling: DemoCourseSpec = {
  identifier: 'demo-manual-handling-12',
  title: 'Manual Handling Essentials',
  version: '1.2',
  passingScorePercent: 80,
  pages: [
    {
      heading: 'Why manual handling matters',
      html: `
        <p>Manual handling means moving a load by hand or by bodily force: lifting, lowering, pushing, pulling, carrying or holding it. The load can be a box, a tool, a piece of equipment or a person.</p>
        <p>Poor manual handling is one of the most common causes of injury at work. It can damage your back, neck, shoulders, arms and hands. Some injuries happen in a moment; many build up slowly over months of repeated strain.</p>
        <p class="callout">This course covers what the law expects, how to assess a task, and how to lift safely.</p>`,
    },
    {
      heading: 'What the law expects',
      html: `
        <p>The Manual Handling Operations Regulations 1992 set out a simple order of steps for employers:</p>
        <ol>
          <li><strong>Avoid</strong> hazardous manual handling where reasonably practicable, for example by using a trolley, hoist or conveyor.</li>
          <li><strong>Assess</strong> any hazardous manual handling that cannot be avoided.</li>
          <li><strong>Reduce</strong> the risk of injury as far as reasonably practicable.</li>
        </ol>
        <p>As an employee you must follow the safe systems of work your employer puts in place, use the equipment provided, and tell your manager about anything that affects your ability to handle loads safely, such as an injury or pregnancy.</p>`,
    },
    {
      heading: 'Assessing a task with TILE',
      html: `
        <p>Before you move something, think <strong>TILE</strong>:</p>
        <ul>
          <li><strong>Task</strong>: does it involve twisting, stooping, reaching or carrying a long way?</li>
          <li><strong>Individual</strong>: are you fit and trained for it? Do you need help?</li>
          <li><strong>Load</strong>: is it heavy, bulky, unstable or hard to grip?</li>
          <li><strong>Environment</strong>: is the floor slippery or uneven? Is there enough space and light?</li>
        </ul>
        <p>There is no single safe weight. The HSE's guideline figures are a filter, not a limit: they fall sharply when the load is held away from the body, above shoulder height or near the floor.</p>`,
    },
    {
      heading: 'Lifting safely',
      html: `
        <ul>
          <li>Plan the lift: know where the load is going and clear the route first.</li>
          <li>Stand close to the load with your feet apart and one leg slightly forward.</li>
          <li>Bend your knees and hips rather than your back, and get a firm grip.</li>
          <li>Keep the load close to your waist, with the heaviest side next to you.</li>
          <li>Do not twist: turn by moving your feet.</li>
          <li>Move smoothly, without jerking, and put the load down before adjusting it.</li>
        </ul>
        <p class="callout">If a load is too heavy or awkward, stop. Get help or use a handling aid.</p>`,
    },
  ],
  quiz: [
    {
      question: 'What is the first step the law expects when a task involves hazardous manual handling?',
      options: ['Avoid it where reasonably practicable', 'Wear a back support belt', 'Lift it as quickly as possible'],
      correctIndex: 0,
    },
    {
      question: 'What does the "L" in TILE stand for?',
      options: ['Location', 'Load', 'Lifting technique', 'Ladder'],
      correctIndex: 1,
    },
    {
      question: 'Where should you hold a load while carrying it?',
      options: ["At arm's length, to keep it away from your body", 'Above shoulder height', 'Close to your waist'],
      correctIndex: 2,
    },
    {
      question: 'You need to turn while carrying a box. What should you do?',
      options: ['Twist at the waist', 'Turn by moving your feet', 'Put the box on your shoulder first'],
      correctIndex: 1,
    },
    {
      question: 'Which statement about the HSE guideline weights is true?',
      options: [
        'They are legal limits that must never be exceeded',
        'They are a filter for spotting risk, not a safe limit',
        'They only apply to people over 50',
      ],
      correctIndex: 1,
    },
  ],
};

const fireSafety: DemoCourseSpec = {
  identifier: 'demo-fire-safety-2004',
  title: 'Fire Safety Awareness',
  version: '2004',
  passingScorePercent: 70,
  pages: [
    {
      heading: 'How fires start',
      html: `
        <p>A fire needs three things, often shown as the <strong>fire triangle</strong>:</p>
        <ul>
          <li><strong>Heat</strong>: a source of ignition, such as a faulty plug, a heater, a cigarette or a spark.</li>
          <li><strong>Fuel</strong>: anything that burns, such as paper, packaging, furniture or flammable liquids.</li>
          <li><strong>Oxygen</strong>: always present in the air.</li>
        </ul>
        <p>Take away any one of the three and a fire cannot start or keep burning. Most fire prevention is about keeping heat and fuel apart.</p>`,
    },
    {
      heading: 'Preventing fire at work',
      html: `
        <p>In England and Wales the Regulatory Reform (Fire Safety) Order 2005 requires the responsible person to carry out a fire risk assessment; Scotland and Northern Ireland have similar laws. Everyone at work has a part to play:</p>
        <ul>
          <li>Keep your work area tidy and do not let rubbish or packaging build up.</li>
          <li>Do not overload sockets or use damaged plugs, leads or chargers. Report faults.</li>
          <li>Keep fire exits, escape routes and fire doors clear.</li>
          <li>Never wedge fire doors open: they hold back fire and smoke.</li>
          <li>Store flammable materials only where they are meant to be kept.</li>
        </ul>`,
    },
    {
      heading: 'If you discover a fire',
      html: `
        <ol>
          <li>Raise the alarm straight away by operating the nearest fire alarm call point.</li>
          <li>Call 999 if your workplace procedure says so, or make sure someone has.</li>
          <li>Leave by the nearest safe exit, closing doors behind you. Do not use lifts.</li>
          <li>Do not stop to collect belongings.</li>
          <li>Go to the assembly point and report to the fire marshal.</li>
          <li>Do not go back in until the fire and rescue service or the person in charge says it is safe.</li>
        </ol>
        <p class="callout">Your safety comes first. Only tackle a fire if it is small, you are trained, and you have a clear way out behind you.</p>`,
    },
    {
      heading: 'Fire extinguishers',
      html: `
        <p>In the UK, extinguishers have red bodies with a coloured band or label that shows the type:</p>
        <ul>
          <li><strong>Water (red)</strong>: paper, wood and textiles. Never use on electrical equipment or burning fat.</li>
          <li><strong>Foam (cream)</strong>: paper, wood and flammable liquids.</li>
          <li><strong>Carbon dioxide (black)</strong>: electrical equipment and flammable liquids.</li>
          <li><strong>Dry powder (blue)</strong>: many kinds of fire, but it is hard to see through and breathe in indoors.</li>
          <li><strong>Wet chemical (yellow)</strong>: cooking oil and fat fires.</li>
        </ul>
        <p>Remember <strong>PASS</strong>: Pull the pin, Aim at the base of the fire, Squeeze the handle, Sweep from side to side.</p>`,
    },
  ],
  quiz: [
    {
      question: 'Which three things make up the fire triangle?',
      options: ['Heat, fuel and oxygen', 'Smoke, flame and heat', 'Fuel, water and air'],
      correctIndex: 0,
    },
    {
      question: 'What should you do first when you discover a fire?',
      options: ['Collect your belongings', 'Raise the alarm', 'Open the windows'],
      correctIndex: 1,
    },
    {
      question: 'Which extinguisher is suitable for a fire in electrical equipment?',
      options: ['Water (red)', 'Carbon dioxide (black)', 'Wet chemical (yellow)'],
      correctIndex: 1,
    },
    {
      question: 'Why must fire doors never be wedged open?',
      options: ['They hold back fire and smoke when closed', 'It wears out the hinges', 'It sets off the fire alarm'],
      correctIndex: 0,
    },
  ],
};

const workingAtHeight: DemoCourseSpec = {
  identifier: 'demo-working-at-height-12',
  title: 'Working at Height Basics',
  version: '1.2',
  passingScorePercent: 80,
  pages: [
    {
      heading: 'What counts as working at height',
      html: `
        <p>Working at height means working anywhere you could fall a distance that could injure you if there were no precautions. It includes using a ladder or stepladder, working on a roof or platform, and working next to an opening in the floor.</p>
        <p>It can even be at ground level, for example next to an excavation or a loading bay edge.</p>
        <p class="callout">Falls from height are consistently one of the biggest causes of deaths at work in Great Britain.</p>`,
    },
    {
      heading: 'Avoid, prevent, minimise',
      html: `
        <p>The Work at Height Regulations 2005 set out an order for controlling the risk:</p>
        <ol>
          <li><strong>Avoid</strong> working at height where you can, for example by using long-handled tools or assembling things on the ground.</li>
          <li><strong>Prevent</strong> falls by working from an existing safe place or using equipment such as guard rails, scaffolds or mobile elevating work platforms.</li>
          <li><strong>Minimise</strong> the distance and consequences of a fall, for example with safety nets, airbags or fall-arrest harnesses.</li>
        </ol>
        <p>Work at height must be planned, supervised and carried out by people who are competent to do it.</p>`,
    },
    {
      heading: 'Using ladders and stepladders safely',
      html: `
        <ul>
          <li>Use ladders only for low-risk, short-duration jobs. If the task is longer or riskier, use a platform or scaffold.</li>
          <li>Check the ladder before each use: stiles, feet, rungs and locking bars must be in good condition.</li>
          <li>Set a leaning ladder at the right angle: one unit out from the wall for every four units up.</li>
          <li>Keep three points of contact where you can, and do not overreach: keep your belt buckle between the stiles.</li>
          <li>On a stepladder, do not stand on the top three steps unless there is a suitable handhold.</li>
        </ul>`,
    },
    {
      heading: 'Fragile surfaces and reporting',
      html: `
        <p>Never walk on a fragile roof or surface, such as a roof light, an old cement sheet roof or a glass canopy, unless proper platforms and protection are in place. Many roofs look solid when they are not.</p>
        <p>Stop and report it to your supervisor if:</p>
        <ul>
          <li>equipment is damaged or missing,</li>
          <li>the weather makes the work unsafe, for example high wind or ice,</li>
          <li>you have not been trained for the task.</li>
        </ul>`,
    },
  ],
  quiz: [
    {
      question: 'Which of these counts as working at height?',
      options: [
        'Working next to an unprotected excavation',
        'Sitting at a desk on the third floor',
        'Walking up a staircase with a handrail',
      ],
      correctIndex: 0,
    },
    {
      question: 'Under the Work at Height Regulations, what should you do first?',
      options: ['Provide a safety harness', 'Avoid working at height where you can', 'Use the tallest ladder available'],
      correctIndex: 1,
    },
    {
      question: 'What is the correct angle for a leaning ladder?',
      options: ['One unit out for every two units up', 'As upright as possible', 'One unit out for every four units up'],
      correctIndex: 2,
    },
    {
      question: 'On a stepladder with no suitable handhold, where must you not stand?',
      options: ['On the bottom step', 'On the top three steps', 'Anywhere with both feet'],
      correctIndex: 1,
    },
    {
      question: 'What should you do if you are asked to cross a roof with roof lights and no protection?',
      options: ['Walk carefully on the supporting bolts', 'Stop and report it', 'Step only on the roof lights'],
      correctIndex: 1,
    },
  ],
};

export const DEMO_COURSES: DemoCourseSpec[] = [manualHandling, fireSafety, workingAtHeight];
